import Foundation

/// Runs `body(0..<count)` on `count` threads of its own at once and returns when all are done.
/// Real threads, not tasks: the cooperative pool has one thread per core, too few to make
/// blocking store calls actually race.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread { body(index); group.leave() }.start()
    }
    group.wait()
}
