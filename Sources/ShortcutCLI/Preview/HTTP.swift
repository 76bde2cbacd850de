/// HTTP/1.1 messages, as much of them as the preview's page needs (SPEC §14): requests with
/// headers and a `Content-Length` body, responses with a body or a stream of server-sent events.
/// Parsing works on bytes and never trusts a length it was given.
struct HTTPRequest {
    var method: String
    /// The path without its query (`/events`).
    var path: String
    /// The query's parameters, percent-decoded (`token`).
    var query: [String: String]
    /// Header names lower-cased.
    var headers: [String: String]
    var body: [UInt8]

    /// The most bytes a request's line and headers may take, and its body.
    static let maximumHeaderBytes = 16 * 1024
    static let maximumBodyBytes = 1024 * 1024

    enum Parse: Equatable {
        /// Not all of it has arrived.
        case incomplete
        /// A request, and how many bytes of the buffer it took.
        case request(consumed: Int)
        /// Not HTTP this server answers: the status to answer with, and why.
        case bad(status: Int, reason: String)
    }

    /// Reads one request from the start of `buffer`.
    static func parse(_ buffer: [UInt8]) -> (Parse, HTTPRequest?) {
        guard let end = headerEnd(buffer) else {
            return (buffer.count > maximumHeaderBytes ? .bad(status: 431, reason: "headers too large") : .incomplete, nil)
        }
        guard end <= maximumHeaderBytes else { return (.bad(status: 431, reason: "headers too large"), nil) }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        // "\r\n" is one Character: the lines are what is between the CRLFs.
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return (.bad(status: 400, reason: "not an HTTP/1 request line"), nil) }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return (.bad(status: 400, reason: "a header without ':'"), nil) }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...]).trimmingWhitespace()
        }
        var length = 0
        if let text = headers["content-length"] {
            guard let n = Int(text), n >= 0 else { return (.bad(status: 400, reason: "a bad Content-Length"), nil) }
            guard n <= maximumBodyBytes else { return (.bad(status: 413, reason: "body too large"), nil) }
            length = n
        }
        if headers["transfer-encoding"] != nil { return (.bad(status: 501, reason: "chunked bodies are not read"), nil) }
        let bodyStart = end + 4
        guard buffer.count >= bodyStart + length else { return (.incomplete, nil) }
        let target = String(requestLine[1])
        let (path, query) = splitTarget(target)
        let request = HTTPRequest(method: String(requestLine[0]), path: path, query: query, headers: headers,
                                  body: Array(buffer[bodyStart..<(bodyStart + length)]))
        return (.request(consumed: bodyStart + length), request)
    }

    /// Where `\r\n\r\n` starts, if it has arrived.
    static func headerEnd(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        var i = 0
        while i + 3 < buffer.count {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// `/events?token=ab%20c` → (`/events`, ["token": "ab c"]).
    static func splitTarget(_ target: String) -> (String, [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (percentDecoded(target), [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[percentDecoded(String(parts[0]))] = parts.count > 1 ? percentDecoded(String(parts[1])) : ""
        }
        return (percentDecoded(String(target[..<mark])), query)
    }

    /// `%41` → `A`, `+` → space; a broken escape stays as it is.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let b = utf8.popFirst() {
            if b == UInt8(ascii: "+") { bytes.append(32); continue }
            if b == UInt8(ascii: "%"), utf8.count >= 2, let hi = hex(utf8[utf8.startIndex]), let lo = hex(utf8[utf8.startIndex + 1]) {
                bytes.append(hi << 4 | lo)
                utf8 = utf8.dropFirst(2)
                continue
            }
            bytes.append(b)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}

struct HTTPResponse {
    var status: Int
    var contentType = "text/plain; charset=utf-8"
    var body: [UInt8] = []
    /// Headers besides the ones every response gets.
    var headers: [(String, String)] = []

    init(status: Int, contentType: String = "text/plain; charset=utf-8", body: String = "") {
        self.status = status
        self.contentType = contentType
        self.body = Array(body.utf8)
    }

    static func text(_ status: Int, _ message: String) -> HTTPResponse { HTTPResponse(status: status, body: message + "\n") }

    static func json(_ value: JSONText) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json; charset=utf-8", body: value.text)
    }

    static let reasons: [Int: String] = [200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
                                         405: "Method Not Allowed", 409: "Conflict", 413: "Payload Too Large", 503: "Service Unavailable",
                                         431: "Request Header Fields Too Large", 501: "Not Implemented"]

    /// The bytes on the wire. Every response says what it is and that it may not be framed or sniffed.
    func serialized(keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reasons[status] ?? "Status")\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}

/// JSON already written out as text (an event line, a listing).
struct JSONText {
    var text: String
}
