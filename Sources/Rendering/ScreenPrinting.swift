import Definitions

/// How a screen page is printed: from a plan, and which of its shown components that plan
/// draws whole on every request (a Swift provider's custom component, a collection of more
/// items than were compiled…). What a census of the fast path reports, and what tests ask
/// instead of the plans' insides, which may change freely.
struct ScreenPrinting {
    /// Whether the page is printed from a plan (one in another language than its instance's is not).
    let planned: Bool
    /// The shown components drawn whole per request, in page order, with those inside them.
    let drawnWhole: [Component]

    /// Whether `component` is drawn whole per request; false for one the plan compiled.
    func drawsWhole(_ component: Component) -> Bool {
        !planned || drawnWhole.contains { $0.identity == component.identity }
    }
}

extension Renderer {
    /// This renderer drawing every page the general way, with no compiled component and no
    /// plan: what a planned page is checked against, byte for byte.
    var generalPath: Renderer {
        var general = self
        general.specialized = .none
        general.screenPlans = nil
        return general
    }

    /// How `state`'s page is printed with `settings`, once it has been printed (its plan made).
    func printing(_ state: ScreenState, settings: PageSettings) -> ScreenPrinting {
        _ = screen(state, settings: settings)
        guard let key = planKey(state, settings: settings, languageIndex: languageIndex(state, settings: settings)),
              case .some(.some(let plan)) = screenPlans?.value(for: key) else {
            return ScreenPrinting(planned: false, drawnWhole: [])
        }
        var whole: [Component] = []
        var index = 0
        forEachTask(state) { task in
            forEachPlanned(task.components, unrolls: { _ in if case .collection = plan.parts[index] { true } else { false } }) { component, _ in
                switch plan.parts[index] {
                case .whole, .insideWhole: whole.append(component.pointee.definition)
                default: break
                }
                index += 1
            } item: { _, _ in
                index += 1
            }
        }
        return ScreenPrinting(planned: true, drawnWhole: whole)
    }
}
