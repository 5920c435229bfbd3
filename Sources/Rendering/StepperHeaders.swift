import Definitions
import Expressions

/// The stepper headers' HTML, kept per stepper and languages.
///
/// A stepper depends only on the process's definitions and the languages (its words are tags
/// and step labels, never instance data), so drawing it is a pure function of static input,
/// like the specialized components; but the renderer only meets steppers as pages ask for
/// them, so they are kept on first use instead of worked out at load.
typealias StepperHeaders = KeptResults<StepperKey, String>

/// A stepper header's key: the stepper and the languages it is drawn in.
struct StepperKey: Hashable, Sendable {
    let stepper: Stepper
    let language: String
    let uiLanguage: String

    /// The cheap parts only: hashing every step label cost more than drawing from the
    /// table saved. Equality still compares the whole stepper (its label arrays are shared
    /// with the engine's, so that is mostly a buffer-identity check).
    func hash(into hasher: inout Hasher) {
        hasher.combine(stepper.current)
        hasher.combine(stepper.currentSubstep)
        hasher.combine(stepper.steps.count)
        hasher.combine(language)
        hasher.combine(uiLanguage)
    }
}
