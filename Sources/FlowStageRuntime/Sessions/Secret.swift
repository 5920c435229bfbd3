import Foundation

/// Random 128-bit identifiers as hex, from the system's secure generator: session ids, CSRF
/// tokens, the access cookie, share links.
public enum Secret {
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        return String(format: "%016llx%016llx", high, low)
    }

    /// 32 lowercase hex digits, as `random` makes them.
    public static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Compares without an early exit, so timing says nothing about the token.
    public static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
