import Definitions
import Foundation

/// "Restart from here" (docs/guides/serving.md, "Giving a demo"): a new instance of the same
/// process, started with the same data, replays the steps before the chosen one through the
/// same engine a browser uses, so it stands where the original stood before that step.
extension ProcessEngine {
    /// Where a restart stopped early: the step (1-based) that did not go as it went the first
    /// time, and why. The instance is left where the replay stopped.
    public struct RestartStop: Sendable, Equatable {
        public let step: Int
        public let reason: String
    }

    /// Starts a new instance and replays the steps of `id` before step `number`; the original
    /// is left as it is. Files posted with a replayed step are posted again from the upload
    /// store while it still has them.
    public func restart(_ id: String, session: String, at number: Int,
                        language: String) throws(RuntimeError) -> (instance: Instance, stop: RestartStop?) {
        let original = try instance(id, session: session)
        guard original.canRestart(at: number), let data = original.startData,
              let process = project.process(named: original.process) else { throw .cannotRestart(step: number) }
        var current = try begin(process, session: session, data: data, modal: original.modal, parent: original.parent)
        for (index, step) in original.steps.prefix(number - 1).enumerated() {
            func stop(_ reason: String) -> (instance: Instance, stop: RestartStop?) {
                (current, RestartStop(step: index + 1, reason: reason))
            }
            guard current.waiting.contains(step.screen) else {
                return stop(project.words.for(language).fill("restartNotWaiting", ["screen": step.screen]))
            }
            // A file the store cannot read now stops the replay there, saying why, rather than replay without it.
            let files: [PostedFile]
            do { files = step.action == "back" ? [] : try replayFiles(step, session: session) } catch { return stop(error.description) }
            let result = step.action == "back"
                ? try back(current.id, session: session, task: step.screen, language: language)
                : try perform(action: step.action, on: current.id, session: session,
                              form: step.replayForm(files: files), language: language)
            switch result {
            case .applied(let next), .started(let next, _):
                current = next
            case .invalid(let state):
                let reason = state.actionError ?? state.errors.map { "\($0.key): \($0.message)" }.joined(separator: "; ")
                return stop(reason)
            case .refused(_, let notice):
                return stop(notice)
            case .dismissed, .link:
                continue
            }
        }
        return (current, nil)
    }

    /// The step's files, read back from the upload store (a file deleted since is left out).
    private func replayFiles(_ step: InstanceStep, session: String) throws(StoreError) -> [PostedFile] {
        var files: [PostedFile] = []
        for file in step.files {
            guard let (upload, bytes) = try configuration.uploads.upload(file.upload, session: session) else { continue }
            files.append(PostedFile(fieldName: file.field, fileName: file.name, contentType: upload.contentType,
                                    size: bytes.count, source: .bytes(bytes)))
        }
        return files
    }
}
