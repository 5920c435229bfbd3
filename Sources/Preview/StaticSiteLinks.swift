import Definitions
import Rendering

/// The links of one page of a static site (`flowstage render`): every button leads to the
/// next page of the walk, Back to the previous one, and the rest to the index. Pages sit two
/// folders deep (`<language>-<appearance>/<walk>/`), hence `root`.
struct StaticSiteLinks: PageLinks {
    /// From the page to the site's root folder, e.g. `../../`.
    let root: String
    let forward: String
    let previous: String

    var home: String { root + "index.html" }
    var stylesheet: String { root + "public/flowstage.css" }
    var script: String { root + "public/flowstage.js" }
    func theme(_ name: String) -> String { root + "themes/\(name).css" }
    func instance(_ id: String) -> String { forward }
    func action(_ instance: String, _ action: String) -> String { forward }
    func back(_ instance: String) -> String { previous }
    func event(_ instance: String, _ event: String) -> String { forward }
    func start(_ process: String) -> String { home }
    func startFlow(_ flow: String) -> String { home }
    var settings: String { home }
    func latest(_ process: String) -> String { home }
    func stop(_ instance: String) -> String { home }
    func close(_ instance: String) -> String { home }
    func inspect(_ instance: String) -> String { home }
    var endSession: String { home }
    var access: String { home }
    /// A static host answers GET for any file; many refuse POST.
    var formMethod: String { "get" }
    /// The copy `StaticSite` writes under `media/`, by its file name in the project.
    func media(_ item: MediaItem) -> String {
        root + "media/" + item.file.split(separator: "/").map { Percent.encode(String($0)) }.joined(separator: "/")
    }
    /// `StaticSite` copies `Public/` to `public/`, so `/public/…` becomes relative to the page
    /// (it must work from `file://` and below any folder of a host). Other server paths have
    /// no copy in the site and stay as written.
    func sitePath(_ path: String) -> String {
        path.hasPrefix("/public/") ? root + path.dropFirst() : path
    }
}
