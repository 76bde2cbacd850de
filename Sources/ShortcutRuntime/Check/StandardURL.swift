/// Foundation's `URL`, written in the language (`StandardTypes`): a URL's text and its parts as Foundation reads them
/// (`scheme`, `host`, `port`, `user`, `path`, `query`, `fragment`, `pathComponents`, `lastPathComponent`,
/// `pathExtension`), `URL(string:)` (nil for empty text; a space is `%20`, as this machine's Foundation makes it),
/// `URL(fileURLWithPath:)`, and the paths made from one (`appendingPathComponent(_:)`, `appending(path:)`,
/// `deletingLastPathComponent()`, `appendingPathExtension(_:)`, `deletingPathExtension()`). It prints as its text.
extension StandardTypes {
    /// App Intents' `OpenURLIntent(url)`, which a result's `opensIntent:` performs next: a device opens the URL; here the
    /// run says it would, as it says an app would open.
    static let openURLIntentSource = """
    struct OpenURLIntent: AppIntent {
        static let title: LocalizedStringResource = "Open URL"
        static let isDiscoverable = false
        @Parameter(title: "URL") var url: URL
        init() {}
        init(_ url: URL) { self.url = url }
        func perform() async throws -> some IntentResult & ProvidesDialog {
            .result(dialog: "(\\(url) would open now)")
        }
    }
    """

    static let urlSource = """
    struct URL: Hashable, CustomStringConvertible {
        let absoluteString: String
        init?(string: String) {
            if string.isEmpty { return nil }
            absoluteString = string.replacingOccurrences(of: " ", with: "%20")
        }
        init(fileURLWithPath path: String) { absoluteString = "file://" + path }
        private init(text: String) { absoluteString = text }
        var description: String { absoluteString }
        var isFileURL: Bool { scheme == "file" }
        var scheme: String? {
            guard let colon = absoluteString.firstIndex(of: ":") else { return nil }
            let name = String(absoluteString[..<colon])
            return name.isEmpty || name.contains("/") || name.contains("?") || name.contains("#") ? nil : name
        }
        private var parts: (authority: String?, path: String, query: String?, fragment: String?) {
            var text = absoluteString
            if let scheme { text = String(text.dropFirst(scheme.count + 1)) }
            var fragment: String? = nil
            if let i = text.firstIndex(of: "#") {
                fragment = String(text[text.index(after: i)...])
                text = String(text[..<i])
            }
            var query: String? = nil
            if let i = text.firstIndex(of: "?") {
                query = String(text[text.index(after: i)...])
                text = String(text[..<i])
            }
            var authority: String? = nil
            if text.hasPrefix("//") {
                let after = String(text.dropFirst(2))
                if let i = after.firstIndex(of: "/") {
                    authority = String(after[..<i])
                    text = String(after[i...])
                } else {
                    authority = after
                    text = ""
                }
            }
            return (authority, text, query, fragment)
        }
        var host: String? {
            guard var authority = parts.authority, !authority.isEmpty else { return nil }
            if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
            if let colon = authority.lastIndex(of: ":") { authority = String(authority[..<colon]) }
            return authority
        }
        var port: Int? {
            guard let authority = parts.authority, let colon = authority.lastIndex(of: ":") else { return nil }
            return Int(String(authority[authority.index(after: colon)...]))
        }
        var user: String? {
            guard let authority = parts.authority, let at = authority.firstIndex(of: "@") else { return nil }
            return String(authority[..<at])
        }
        var path: String { parts.path.replacingOccurrences(of: "%20", with: " ") }
        func host(percentEncoded: Bool = true) -> String? { host }
        func path(percentEncoded: Bool = true) -> String { percentEncoded ? parts.path : path }
        func query(percentEncoded: Bool = true) -> String? { query }
        func fragment(percentEncoded: Bool = true) -> String? { fragment }
        var query: String? { parts.query }
        var fragment: String? { parts.fragment }
        var pathComponents: [String] {
            let names = parts.path.split(separator: "/").map { String($0) }
            return parts.path.hasPrefix("/") ? ["/"] + names : names
        }
        var lastPathComponent: String {
            let names = path.split(separator: "/")
            if let last = names.last { return String(last) }
            return path.isEmpty ? "" : "/"
        }
        var pathExtension: String {
            let last = lastPathComponent
            guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
            return String(last[last.index(after: dot)...])
        }
        private func with(path newPath: String) -> URL {
            let (authority, _, query, fragment) = parts
            var text = scheme.map { $0 + ":" } ?? ""
            if let authority { text += "//" + authority }
            text += newPath
            if let query { text += "?" + query }
            if let fragment { text += "#" + fragment }
            return URL(text: text)
        }
        func appendingPathComponent(_ component: String) -> URL {
            let old = parts.path
            return with(path: old.hasSuffix("/") || component.hasPrefix("/") ? old + component : old + "/" + component)
        }
        func appending(path component: String) -> URL { appendingPathComponent(component) }
        func appendingPathExtension(_ pathExtension: String) -> URL { with(path: parts.path + "." + pathExtension) }
        func deletingLastPathComponent() -> URL {
            var names = parts.path.split(separator: "/").map { String($0) }
            if !names.isEmpty { names.removeLast() }
            return with(path: "/" + names.map { $0 + "/" }.joined())
        }
        func deletingPathExtension() -> URL {
            let ext = pathExtension
            return ext.isEmpty ? self : with(path: String(parts.path.dropLast(ext.count + 1)))
        }
    }
    """

    /// Foundation's `URLComponents` and `URLQueryItem`: a URL's parts, read from its text and written back (`string`,
    /// `url`), its query as name–value items (`%20` read as a space, as Foundation decodes it).
    static let urlComponentsSource = """
    struct URLQueryItem: Hashable, CustomStringConvertible {
        var name: String
        var value: String?
        init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
        var description: String { value.map { name + "=" + $0 } ?? name }
    }

    struct URLComponents: CustomStringConvertible {
        var scheme: String?
        var host: String?
        var port: Int?
        var path = ""
        var queryItems: [URLQueryItem]?
        var fragment: String?
        init() {}
        init?(string: String) {
            if string.isEmpty { return }   // no parts, as Foundation's
            guard let url = URL(string: string) else { return nil }
            (scheme, host, port, path, fragment) = (url.scheme, url.host, url.port, url.path, url.fragment)
            queryItems = URLComponents.__items(url.query)
        }
        init?(url: URL, resolvingAgainstBaseURL: Bool) {
            (scheme, host, port, path, fragment) = (url.scheme, url.host, url.port, url.path, url.fragment)
            queryItems = URLComponents.__items(url.query)
        }
        static func __items(_ query: String?) -> [URLQueryItem]? {
            guard let query else { return nil }
            return query.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "%20", with: " ") }
                return URLQueryItem(name: parts[0], value: parts.count > 1 ? parts[1] : nil)
            }
        }
        var query: String? { queryItems.map { items in items.map { $0.description }.joined(separator: "&") } }
        var string: String? {
            var text = scheme.map { $0 + ":" } ?? ""
            if let host { text += "//" + host + (port.map { ":" + String($0) } ?? "") }
            text += path
            if let query { text += "?" + query }
            if let fragment { text += "#" + fragment }
            return text
        }
        var url: URL? { string.flatMap { URL(string: $0) } }
        var description: String { string ?? "" }
    }
    """
}
