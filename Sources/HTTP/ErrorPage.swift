/// The small HTML pages the server answers on its own (limits, malformed
/// bodies), before any handler runs. Callers can replace them through
/// `ServerConfiguration.errorPage`.
public enum ErrorPage {
    public static func standard(_ status: Int, _ message: String) -> Response {
        let title = reason(status)
        let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(status) \(title)</title></head>
        <body><h1>\(title)</h1><p>\(escape(message))</p></body></html>

        """
        var response = Response.html(status, page)
        // The page loads nothing and is never framed: the strictest policy fits it.
        response.headers.add("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
        response.headers.add("X-Content-Type-Options", "nosniff")
        response.headers.add("X-Frame-Options", "DENY")
        response.headers.add("Referrer-Policy", "same-origin")
        return response
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad request"
        case 403: "Forbidden"
        case 404: "Not found"
        case 405: "Method not allowed"
        case 408: "Request timeout"
        case 413: "Content too large"
        case 415: "Unsupported media type"
        case 422: "Unprocessable content"
        case 500: "Server error"
        case 503: "Service unavailable"
        default: "Error"
        }
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
