import Definitions
import Expressions
import Foundation

/// Messages, signals and time in a test case. A preview has no broker and no clock: a waiting
/// event is a button (`ActionDefinition.trigger`), so PUBLISH_MESSAGE presses the button of a
/// waiting event with that message name, BROADCAST_SIGNAL every button of that signal, and
/// INCREASE_TIME or SET_TIME every timer button that falls due as the test's clock moves.
extension CamundaTestRun {
    /// A button of a waiting task that simulates an event.
    struct Waiting {
        let instance: Instance
        let key: String
        let action: String
        let trigger: EventTrigger

        /// One button of one waiting task of one instance, for pressing each at most once.
        var id: String { instance.id + "\u{0}" + key + "\u{0}" + action }
    }

    /// The waiting buttons of the created instances that simulate an event of `kind`, in order.
    func waitingEvents(_ kind: String) -> [Waiting] {
        var found: [Waiting] = []
        for entry in created {
            guard let instance = try? store.load(entry.id) else { continue }
            for key in instance.waiting {
                guard let task = WaitingTask(instance, key: key, project: project, exact: true) else { continue }
                for action in task.task.actions {
                    if let trigger = action.trigger, trigger.kind == kind { found.append(Waiting(instance: instance, key: key, action: action.name, trigger: trigger)) }
                }
                for caller in task.callerEvents {
                    if let trigger = caller.event.trigger, trigger.kind == kind {
                        found.append(Waiting(instance: instance, key: key, action: caller.event.name, trigger: trigger))
                    }
                }
            }
        }
        return found
    }

    /// Presses `waiting`'s button, after setting the event's `variables` in its instance.
    mutating func press(_ waiting: Waiting, variables: JSONValue = [:]) throws(CamundaTestFailure) {
        let engine = self.engine, session = self.session
        if variables.objectValue?.isEmpty == false {
            do { _ = try engine.update(variables, on: waiting.instance.id, session: session) } catch {
                throw CamundaTestFailure("\(error)")
            }
        }
        let language = self.language
        try act { () throws(RuntimeError) in
            try engine.perform(action: waiting.action, on: waiting.instance.id, session: session,
                               form: PostedForm([("_screen", waiting.key)]), language: language)
        }
    }

    /// PUBLISH_MESSAGE and CORRELATE_MESSAGE: the first waiting event of the message takes it.
    /// A published message nothing waits for is kept, as the broker buffers it, and delivered
    /// after a later instruction (`deliverPublished`); a correlated one fails at once.
    mutating func message(_ name: String, variables: JSONValue, publish: Bool) throws(CamundaTestFailure) {
        if let waiting = waitingEvents("message").first(where: { $0.trigger.name == name }) {
            return try press(waiting, variables: variables)
        }
        guard publish else {
            let waiting = waitingEvents("message").compactMap(\.trigger.name)
            throw CamundaTestFailure("nothing waits for the message “\(name)”" + (waiting.isEmpty ? "" : "; waiting for: \(waiting.joined(separator: ", "))"))
        }
        published.append((name, variables))
    }

    /// Delivers the published messages that something now waits for, oldest first.
    mutating func deliverPublished() throws(CamundaTestFailure) {
        var index = 0
        while index < published.count {
            let (name, variables) = published[index]
            if let waiting = waitingEvents("message").first(where: { $0.trigger.name == name }) {
                published.remove(at: index)
                try press(waiting, variables: variables)
            } else {
                index += 1
            }
        }
    }

    /// BROADCAST_SIGNAL: every waiting event of the signal, in every created instance.
    mutating func signal(_ name: String, variables: JSONValue) throws(CamundaTestFailure) {
        var pressed = Set<String>()
        while let waiting = waitingEvents("signal").first(where: { $0.trigger.name == name && !pressed.contains($0.id) }) {
            pressed.insert(waiting.id)
            try press(waiting, variables: variables)
        }
    }

    /// Moves the test's clock by `elapsed` to `now`: each waiting timer that falls due fires once,
    /// the shortest first (a duration or a cycle's interval no longer than `elapsed`; a date not after `now`).
    mutating func advance(by elapsed: TimeInterval, to now: Date) throws(CamundaTestFailure) {
        clock.set(now)
        var fired = Set<String>()
        while true {
            let due = waitingEvents("timer").compactMap { waiting -> (Waiting, TimeInterval)? in
                guard !fired.contains(waiting.id),
                      let wait = TimerText.wait(waiting.trigger.name ?? "", now: now, elapsed: elapsed), wait <= elapsed else { return nil }
                return (waiting, wait)
            }.min { $0.1 < $1.1 }
            guard let (waiting, _) = due else { return }
            fired.insert(waiting.id)
            try press(waiting)
        }
    }
}

/// The test's clock, which the engine reads (`now()` in FEEL) and INCREASE_TIME and SET_TIME move.
final class TestClock: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var current: Date

    init(_ start: Date) { current = start }

    var now: Date { lock.withLock { current } }
    func set(_ date: Date) { lock.withLock { current = date } }
}

/// A BPMN timer's text: how long after it started waiting it fires, for the test's clock.
enum TimerText {
    /// The seconds a timer waits: a duration (`PT1H`), a cycle's interval (`R3/PT10M`), or for
    /// a date the time from `now - elapsed` to it; nil for what cannot be read (an expression).
    static func wait(_ text: String, now: Date, elapsed: TimeInterval) -> TimeInterval? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("P") { return duration(text) }
        if text.hasPrefix("R"), let interval = text.split(separator: "/").last { return duration(String(interval)) }
        guard let date = ISO8601DateFormatter().date(from: text) else { return nil }
        return date.timeIntervalSince(now) + elapsed
    }

    /// An ISO 8601 duration in seconds: `PnYnMnWnDTnHnMnS` (a year 365 days, a month 30).
    static func duration(_ text: String) -> TimeInterval? {
        guard text.hasPrefix("P"), text.count > 1 else { return nil }
        var seconds: TimeInterval = 0, number = "", inTime = false
        for character in text.dropFirst() {
            if character == "T" { inTime = true; continue }
            if character.isNumber || character == "." || character == "," {
                number.append(character == "," ? "." : character)
                continue
            }
            guard let value = Double(number) else { return nil }
            let unit: TimeInterval? = switch (character, inTime) {
            case ("Y", false): 365 * 86_400
            case ("M", false): 30 * 86_400
            case ("W", false): 7 * 86_400
            case ("D", false): 86_400
            case ("H", true): 3_600
            case ("M", true): 60
            case ("S", true): 1
            default: nil
            }
            guard let unit else { return nil }
            seconds += value * unit
            number = ""
        }
        return number.isEmpty ? seconds : nil
    }
}
