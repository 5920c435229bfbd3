import Foundation

/// One move of a token along a flow, as the instance took it: what the process map marks as
/// the path so far and what the history calls "branch chosen". Node ids are those of the
/// token's own process; `call` says which called process it ran in (nil: the instance's own).
public struct Passage: Sendable, Codable, Equatable {
    public let call: Int?
    /// Nil for the move onto the start node.
    public let from: String?
    public let to: String

    public init(call: Int?, from: String?, to: String) {
        self.call = call; self.from = from; self.to = to
    }
}

/// One step a person took in an instance (an action accepted, or Back): what the inspector's
/// history lists and what "Restart from here" replays up to. Refused and invalid posts change
/// nothing, so they are not steps.
public struct InstanceStep: Sendable, Codable, Equatable {
    /// A file posted with the step, by the upload it was stored as: a replay reads its bytes back.
    public struct File: Sendable, Codable, Equatable {
        public let field: String
        public let name: String
        public let upload: String
    }

    public let at: Date
    /// The task key of the screen the step was taken on.
    public let screen: String
    /// The action's name, or `back`.
    public let action: String
    /// The posted fields in order, without the CSRF token and the screen marker.
    public let fields: [[String]]
    public let files: [File]
    /// The flows taken out of gateways while the step ran on: the branches chosen.
    public let branches: [Passage]
    /// False when the posted text was longer than `maxFieldText` and was cut: the history shows
    /// it, but a replay cannot pass this step as it was taken.
    public let replayable: Bool

    /// Posted text kept per step; a longer post keeps its first fields and is not replayable.
    static let maxFieldText = 16 * 1024

    init(at: Date, screen: String, action: String, form: PostedForm, files: [File], branches: [Passage]) {
        self.at = at; self.screen = screen; self.action = action; self.files = files; self.branches = branches
        var kept: [[String]] = []
        var size = 0
        var complete = true
        for field in form.fields where field.name != "_csrf" && field.name != "_screen" {
            size += field.name.utf8.count + field.value.utf8.count
            if size > Self.maxFieldText { complete = false; break }
            kept.append([field.name, field.value])
        }
        self.fields = kept
        self.replayable = complete
    }

    /// The form a replay posts: the screen marker and the fields as they were.
    func replayForm(files: [PostedFile]) -> PostedForm {
        PostedForm([("_screen", screen)] + fields.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }, files: files)
    }
}

extension Instance {
    /// Steps kept per instance; older ones drop off the history (and restarting before them).
    static let maxSteps = 200
    /// Passages kept for the map; an older part of a long walk drops off.
    static let maxTrail = 2_000

    mutating func record(_ step: InstanceStep) {
        steps.append(step)
        if steps.count > Instance.maxSteps {
            steps.removeFirst(steps.count - Instance.maxSteps)
            stepsDropped = true
        }
    }

    mutating func pass(_ passage: Passage) {
        trail.append(passage)
        if trail.count > Instance.maxTrail { trail.removeFirst(trail.count - Instance.maxTrail) }
    }

    /// Whether "Restart from here" can replay up to step `number` (1-based): the start data is
    /// known, no earlier step has dropped off the history and each earlier one was kept whole.
    public func canRestart(at number: Int) -> Bool {
        guard startData != nil, !stepsDropped, steps.indices.contains(number - 1) else { return false }
        return steps.prefix(number - 1).allSatisfy(\.replayable)
    }
}
