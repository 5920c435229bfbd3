import Definitions
import Template

/// Which of a part's request names can differ between the pages of one plan; the others are
/// written into the plan as its first page has them. Every page of a plan shows the same
/// components and has errors or has none (`ScreenPlanKey`), so:
/// - without errors no field has one: `error` and `invalid` are unset and `describedBy` is the
///   valid one (but where an input's prefix or suffix reads the data: it names them while they show);
/// - a component with no `disabled` condition, on it or on a component around it, is never
///   disabled;
/// - a field without a `change` action has no change URL; only a checkbox or a switch is
///   checked; only a component with a `PostTarget` of its own posts to one.
/// A field's value, its chosen options and what its rule works out stay the request's.
struct PlannedNames: Sendable {
    let hasErrors: Bool
    let mayBeDisabled: Bool

    func ofComponent(_ component: Component, entry: SpecializedComponents.Entry) -> @Sendable (TemplateKey) -> Bool {
        let (hasErrors, mayBeDisabled) = (hasErrors, mayBeDisabled)
        let changes = component.change != nil
        let checks = component.type.isTicked
        let posts = entry.ownTarget != nil
        let affixesShowPerRequest = entry.affixesReadData
        return { key in
            guard key.row < 0 else { return true }
            return switch ViewKey(key) {
            case .error?, .invalid?: hasErrors
            case .describedBy?: hasErrors || affixesShowPerRequest
            case .disabled?: mayBeDisabled
            case .changeURL?: changes
            case .checked?: checks
            case .formAction?: posts
            default: true
            }
        }
    }

    /// An unrolled collection's own names (`UnrolledCollection.requestValues`).
    var ofCollection: @Sendable (TemplateKey) -> Bool {
        let (hasErrors, mayBeDisabled) = (hasErrors, mayBeDisabled)
        return { key in
            switch ViewKey(key) {
            case .invalid?, .error?, .describedBy?: hasErrors
            case .disabled?: mayBeDisabled
            default: false
            }
        }
    }
}
