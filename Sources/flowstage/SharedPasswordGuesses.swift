import Foundation
import PostgresStore
import Preview

/// The access gate's guess counter with several nodes: the database's (`PostgresPasswordGuesses`),
/// keyed and ruled like `PasswordGuesses`. Here, in the executable, because it joins Preview's
/// protocol to the PostgreSQL store without either importing the other.
///
/// When the database cannot be asked, this node's own counter answers: guesses are never
/// unlimited because PostgreSQL is down.
struct SharedPasswordGuesses: PasswordGuessCounting {
    let shared: PostgresPasswordGuesses
    let local: PasswordGuesses

    func wait(for address: String?) -> Int? {
        let key = PasswordGuesses.key(address)
        do { return try shared.wait(for: key, now: Date()) } catch { return local.wait(for: address) }
    }

    @discardableResult
    func failed(from address: String?) -> Int? {
        let key = PasswordGuesses.key(address)
        do {
            return try shared.failed(for: key, now: Date(), maxFailures: local.policy.maxFailures, window: local.policy.window)
        } catch {
            return local.failed(from: address)
        }
    }
}
