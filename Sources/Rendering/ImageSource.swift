import Definitions
import Expressions

/// Decides what an `image` component shows (docs/reference/media.md): a media key, a data path holding a
/// media key or an http(s) URL, or an http(s) URL; and its text alternative — the component's
/// `alt`, else the media's, else "" only when decorative (the loader refuses the rest).
struct ImageSource {
    let media: [String: MediaItem]
    let tags: Tags
    let links: any PageLinks

    struct Resolved {
        let url: String
        let alt: String
        let width: Int?
        let height: Int?
    }

    /// Nil when there is nothing to show (the data path is empty or holds neither a known key
    /// nor a safe URL): the image is left out rather than drawn broken.
    func resolve(_ component: Component, data: JSONValue, language: String) -> Resolved? {
        var item: MediaItem?
        var url: String?
        if let key = component.mediaKey {
            item = media[key]
        } else if component.imageSource != nil || component.sourceExpression != nil {
            let value = component.sourceValue(in: data).stringValue ?? ""
            item = media[value]
            if item == nil { url = Self.safeImageURL(value) }
        } else {
            url = Self.safeImageURL(component.imageURL)
        }
        if let item, item.type.isImage {
            url = links.media(item)
        } else if let path = url, path.hasPrefix("/") {
            url = links.sitePath(path)   // e.g. the gallery's sample image, relative in a static site
        }
        guard let url else { return nil }
        let alt: String
        if component.isDecorative {
            alt = ""
        } else {
            alt = (component.alt ?? item?.alt)?.resolve(tags, language: language, data: data) ?? ""
        }
        return Resolved(url: url, alt: alt, width: size(component, "width"), height: size(component, "height"))
    }

    /// Only http(s) and site-relative addresses may be an image source (no `data:`, no `javascript:`).
    static func safeImageURL(_ text: String?) -> String? {
        guard let url = SafeURL.check(text) else { return nil }
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || url.hasPrefix("/") ? url : nil
    }

    /// `width`/`height` in CSS pixels, between 1 and 4000; anything else is ignored.
    private func size(_ component: Component, _ name: String) -> Int? {
        guard let number = component.properties[name]?.numberValue, number >= 1, number <= 4000 else { return nil }
        return Int(number)
    }
}
