import Definitions
import Synchronization

/// The stepper header's HTML, remembered per stepper and languages.
///
/// A stepper depends only on the process's definitions and the languages (its words are tags
/// and step labels, never instance data), so drawing it is a pure function of static input,
/// like the specialized components; but the renderer only meets steppers as pages ask for
/// them, so they are remembered on first use instead of worked out at load. Bounded: a full
/// table is emptied (steppers come from the definitions, so there are few).
final class StepperCache: Sendable {
    struct Key: Hashable, Sendable {
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

    static let limit = 1_024
    private let pages = Mutex<[Key: String]>([:])

    func html(for key: Key, draw: () -> String) -> String {
        if let cached = pages.withLock({ $0[key] }) { return cached }
        let html = draw()
        pages.withLock { pages in
            if pages.count >= StepperCache.limit { pages.removeAll() }
            pages[key] = html
        }
        return html
    }
}
