import Definitions

/// The links of a component-gallery page: everything of the server's, except that every
/// form, button and Back lead to the gallery page itself with `get`, so trying an example
/// never starts, changes or posts anything.
struct GalleryLinks: PageLinks {
    let base: any PageLinks
    /// The gallery page being drawn.
    let page: String

    var home: String { base.home }
    var stylesheet: String { base.stylesheet }
    var script: String { base.script }
    func theme(_ name: String) -> String { base.theme(name) }
    func instance(_ id: String) -> String { page }
    func action(_ instance: String, _ action: String) -> String { page }
    func back(_ instance: String) -> String { page }
    func event(_ instance: String, _ event: String) -> String { page }
    func start(_ process: String) -> String { base.start(process) }
    func startFlow(_ flow: String) -> String { base.startFlow(flow) }
    var settings: String { base.settings }
    func latest(_ process: String) -> String { base.latest(process) }
    func stop(_ instance: String) -> String { base.stop(instance) }
    func close(_ instance: String) -> String { page }
    func inspect(_ instance: String) -> String { page }
    var endSession: String { base.endSession }
    var access: String { base.access }
    var formMethod: String { "get" }
    func media(_ item: MediaItem) -> String { base.media(item) }
    func upload(_ id: String) -> String? { nil }
    var gallery: String? { base.gallery }
    func feel(_ instance: String?) -> String? { base.feel(nil) }
    func decision(_ id: String) -> String? { base.decision(id) }
    func sitePath(_ path: String) -> String { base.sitePath(path) }
}
