import Foundation

/// The lifecycle of an instance beyond start and actions (docs/reference/http.md): continue the latest, stop,
/// end the session.
extension ProcessEngine {
    /// The session's newest running instance of `process`: "continue the latest".
    public func latest(process name: String, session: String) throws(RuntimeError) -> Instance? {
        guard project.process(named: name) != nil else { throw .unknownProcess(name) }
        return try instances(session: session).first { $0.process == name && $0.status == .running }
    }

    /// Stops a running instance with outcome `cancelled` (the catalogue's Stop, a modal's
    /// confirmed Close). A finished instance is returned as it is.
    public func stop(_ id: String, session: String) throws(RuntimeError) -> Instance {
        try locked(id) { () throws(RuntimeError) -> Instance in
            let instance = try self.instance(id, session: session)
            guard instance.status == .running else { return instance }
            var stopped = instance
            stopped.status = .cancelled
            stopped.tokens = []
            stopped.calls = []
            stopped.updatedAt = configuration.now()
            let saved = try save(stopped, from: instance)
            // A stopped instance's files go with it (its data keeps only their names).
            configuration.uploads.deleteAll(instance: id)
            return saved
        }
    }

    /// Forgets every instance of the session (ending the session).
    public func forget(session: String) throws(RuntimeError) {
        do { try store.delete(session: session) } catch { throw .store(error) }
        configuration.uploads.deleteAll(session: session)
    }
}
