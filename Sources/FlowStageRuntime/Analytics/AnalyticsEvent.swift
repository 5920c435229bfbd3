import Definitions
import Expressions
import Foundation

/// One analytics event of docs/reference/processes.md, "Analytics": a process started or ended, a
/// screen shown, an action run. Sinks get them after the change they describe is saved.
public struct AnalyticsEvent: Sendable, Equatable {
    public enum Kind: String, Sendable { case start, screen, action, end }

    public let kind: Kind
    public let time: Date
    public let instance: String
    public let process: String
    public let session: String
    /// screen: `analytics.screen` or the node id; action: `analytics.value` or the action
    /// name; start: the process name; end: the outcome.
    public let value: String
    /// The task key the event is about (action, screen), or the end node.
    public let screen: String?
    /// action: the type of the component that ran it (`button`, or a field with `change`).
    public let component: String?
    /// action: that component's label, in the page's language.
    public let label: String?
    public let customPayload: JSONValue?

    public init(kind: Kind, time: Date, instance: String, process: String, session: String, value: String,
                screen: String? = nil, component: String? = nil, label: String? = nil, customPayload: JSONValue? = nil) {
        self.kind = kind; self.time = time; self.instance = instance; self.process = process; self.session = session
        self.value = value; self.screen = screen; self.component = component; self.label = label
        self.customPayload = customPayload
    }

    /// The event as one JSON object: what the JSON-lines log writes, one per line.
    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            "event": .string(kind.rawValue),
            "time": .string(AnalyticsEvent.timeFormat.string(from: time)),
            "instance": .string(instance), "process": .string(process), "session": .string(session),
            "value": .string(value),
        ]
        if let screen { fields["screen"] = .string(screen) }
        if let component { fields["component"] = .string(component) }
        if let label { fields["label"] = .string(label) }
        if let customPayload { fields["customPayload"] = customPayload }
        return .object(fields)
    }

    nonisolated(unsafe) private static let timeFormat: ISO8601DateFormatter = {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format
    }()
}

/// Where analytics events go. Called after the change is saved, outside the instance's lock
/// ordering guarantees only per instance; a sink must be quick or hand the work off.
public protocol AnalyticsSink: Sendable {
    func record(_ events: [AnalyticsEvent])
}
