/// Stopping runs and ending sessions, the flow side of the process lifecycle.
extension FlowEngine {
    /// Stops a run; a child process it waits on is stopped too, so nothing is left running
    /// unseen. A stopped run stays in the session's list and never moves again.
    public func stop(_ id: String, session: String) throws(FlowEngineError) -> FlowRun {
        try locked(id) { () throws(FlowEngineError) -> FlowRun in
            let run = try self.run(id, session: session)
            guard run.status != .stopped else { return run }
            if run.status == .waiting, let child = run.child {
                do throws(RuntimeError) { _ = try processes.stop(child, session: session) } catch .instanceNotFound {
                    // Already gone: nothing to stop.
                } catch { throw .child(error) }
            }
            var stopped = run
            stopped.status = .stopped
            stopped.child = nil
            stopped.updatedAt = processes.configuration.now()
            return try save(stopped)
        }
    }

    /// Forgets every run and every instance of the session (ending the session).
    public func forget(session: String) throws(FlowEngineError) {
        do { try store.delete(session: session) } catch { throw .store(error) }
        do { try processes.forget(session: session) } catch { throw .child(error) }
    }
}
