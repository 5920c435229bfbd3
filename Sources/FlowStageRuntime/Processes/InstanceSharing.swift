/// Read-only share links of an instance (docs/reference/http.md, "Sharing a screen"): a link is
/// the instance id and a random secret, so a colleague's browser can see the current screen
/// without the session that owns it; stopping the share, or the session ending, ends the link.
extension ProcessEngine {
    /// Shares the instance: gives it a secret, or keeps the one it has while shared.
    public func share(_ id: String, session: String) throws(RuntimeError) -> Instance {
        try changeSharing(id, session: session) { $0 ?? Secret.random() }
    }

    /// Stops sharing: the old link answers 404 from now on.
    public func stopSharing(_ id: String, session: String) throws(RuntimeError) -> Instance {
        try changeSharing(id, session: session) { _ in nil }
    }

    /// Sets the instance's share secret to what `next` makes of the current one; saved only if it changed.
    private func changeSharing(_ id: String, session: String,
                               _ next: (String?) -> String?) throws(RuntimeError) -> Instance {
        try locked(id) { () throws(RuntimeError) -> Instance in
            let instance = try self.instance(id, session: session)
            let secret = next(instance.shareSecret)
            guard secret != instance.shareSecret else { return instance }
            var changed = instance
            changed.shareSecret = secret
            return try save(changed, from: instance)
        }
    }

    /// The instance a share link names when the secret matches; nil for any mismatch, without
    /// saying which part was wrong, and compared in constant time.
    public func shared(_ id: String, secret: String) -> Instance? {
        guard Secret.isWellFormed(secret), let instance = try? store.load(id),
              let expected = instance.shareSecret, Secret.equal(secret, expected) else { return nil }
        return instance
    }
}
