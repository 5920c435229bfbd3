/// The slowest a request body may arrive (`minBodyBytesPerSecond`): once `grace` has passed
/// since the headers, the bytes received must average at least `bytesPerSecond` over the
/// whole time since the headers, or the request is cut with 408. The average is generous to
/// real uploads (a pause is made up for by what came before it), and a client that wants to
/// hold a connection must keep paying for it in bytes. It is checked when data arrives; a
/// body that stops altogether is closed by libmicrohttpd's idle timeout.
struct BodyRateFloor: Sendable {
    let bytesPerSecond: Int
    let grace: Duration

    /// nil when the configuration turns the floor off (0 bytes per second).
    init?(bytesPerSecond: Int, graceSeconds: Double) {
        guard bytesPerSecond > 0 else { return nil }
        self.bytesPerSecond = bytesPerSecond
        grace = .seconds(max(0, graceSeconds))
    }

    func isTooSlow(received: Int, since start: ContinuousClock.Instant, now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = now - start
        guard elapsed >= grace else { return false }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(received) < Double(bytesPerSecond) * seconds
    }

    /// The 408's sentence.
    var rejection: RequestRejection {
        .init(status: 408, reason: .bodyTooSlow, limit: bytesPerSecond, message: "The request body arrived too slowly (under \(describeBytes(bytesPerSecond)) a second). Try again on a faster connection.")
    }
}
