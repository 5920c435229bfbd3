/// Content-Type by file extension, for the files FlowStage serves
/// (CSS, scripts, icons, fonts, images, documents). Unknown: octet-stream.
public enum MediaTypes {
    public static func contentType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json", "map": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "md": "text/markdown; charset=utf-8"
        case "csv": "text/csv; charset=utf-8"
        case "xml": "application/xml"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        case "ttf": "font/ttf"
        case "otf": "font/otf"
        case "pdf": "application/pdf"
        case "wasm": "application/wasm"
        default: "application/octet-stream"
        }
    }
}
