import Expressions
import Foundation

/// The stored body of an instance. Written by hand so bodies saved before parallel branches
/// and calls (with `current` and `history` instead of `tokens`) still load and resume.
extension Instance: Codable {
    private enum Keys: String, CodingKey {
        case id, process, session, status, data, tokens, calls, ending, serial, endNode, incident, warnings,
             modal, version, createdAt, updatedAt, parent, shareSecret, startData, steps, stepsDropped, trail, decisions, answers
        /// Before tokens: the one waiting user task and the tasks before it.
        case current, history
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(id: try c.decode(String.self, forKey: .id), process: try c.decode(String.self, forKey: .process),
                  session: try c.decode(String.self, forKey: .session), data: try c.decode(JSONValue.self, forKey: .data),
                  modal: try c.decode(Bool.self, forKey: .modal), now: try c.decode(Date.self, forKey: .createdAt))
        status = try c.decode(Status.self, forKey: .status)
        if let tokens = try c.decodeIfPresent([Token].self, forKey: .tokens) {
            self.tokens = tokens
        } else if let current = try c.decodeIfPresent(String.self, forKey: .current) {
            tokens = [Token(id: 1, call: nil, node: current, from: nil, state: .task,
                            history: try c.decodeIfPresent([String].self, forKey: .history) ?? [])]
        }
        calls = try c.decodeIfPresent([Call].self, forKey: .calls) ?? []
        ending = try c.decodeIfPresent(Ending.self, forKey: .ending)
        serial = try c.decodeIfPresent(Int.self, forKey: .serial) ?? tokens.map(\.id).max() ?? 0
        endNode = try c.decodeIfPresent(String.self, forKey: .endNode)
        incident = try c.decodeIfPresent(Incident.self, forKey: .incident)
        warnings = try c.decodeIfPresent([String].self, forKey: .warnings) ?? []
        version = try c.decode(Int.self, forKey: .version)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
        parent = try c.decodeIfPresent(String.self, forKey: .parent)
        shareSecret = try c.decodeIfPresent(String.self, forKey: .shareSecret)
        startData = try c.decodeIfPresent(JSONValue.self, forKey: .startData)
        steps = try c.decodeIfPresent([InstanceStep].self, forKey: .steps) ?? []
        stepsDropped = try c.decodeIfPresent(Bool.self, forKey: .stepsDropped) ?? false
        trail = try c.decodeIfPresent([Passage].self, forKey: .trail) ?? []
        decisions = try c.decodeIfPresent([DecisionRecord].self, forKey: .decisions) ?? []
        answers = try c.decodeIfPresent([StandInAnswer].self, forKey: .answers) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(process, forKey: .process)
        try c.encode(session, forKey: .session)
        try c.encode(status, forKey: .status)
        try c.encode(data, forKey: .data)
        try c.encode(tokens, forKey: .tokens)
        try c.encode(calls, forKey: .calls)
        try c.encodeIfPresent(ending, forKey: .ending)
        try c.encode(serial, forKey: .serial)
        try c.encodeIfPresent(endNode, forKey: .endNode)
        try c.encodeIfPresent(incident, forKey: .incident)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(modal, forKey: .modal)
        try c.encode(version, forKey: .version)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(parent, forKey: .parent)
        try c.encodeIfPresent(shareSecret, forKey: .shareSecret)
        try c.encodeIfPresent(startData, forKey: .startData)
        if !steps.isEmpty { try c.encode(steps, forKey: .steps) }
        if stepsDropped { try c.encode(stepsDropped, forKey: .stepsDropped) }
        if !trail.isEmpty { try c.encode(trail, forKey: .trail) }
        if !decisions.isEmpty { try c.encode(decisions, forKey: .decisions) }
        if !answers.isEmpty { try c.encode(answers, forKey: .answers) }
    }
}
