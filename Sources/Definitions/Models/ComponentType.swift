/// The component catalogue of docs/reference/components.md.
public enum ComponentType: String, Sendable, CaseIterable {
    case card, container, collection
    case text, message, image, link, table
    case input, textarea, select, multiselect, checkbox, radio, segmented
    case `switch`, slider, datepicker, fileUpload
    case button, custom

    /// Components that hold a value under `key` and are posted with the form.
    public var isField: Bool {
        switch self {
        case .input, .textarea, .select, .multiselect, .checkbox, .radio, .segmented,
             .switch, .slider, .datepicker, .fileUpload:
            true
        default:
            false
        }
    }

    /// Components whose `children` are other components.
    public var isContainer: Bool { self == .card || self == .container }
}
