#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shortcut preview`'s routes and rules (SPEC §14). Safe to leave open: only a request whose `Host` is
/// this server's own (`127.0.0.1:PORT` or `localhost:PORT`, against DNS rebinding) is served; every
/// request but the page itself carries the per-process token; anything else is 403, an unknown path 404.
///
///     GET  /                 the page (no token: it is what the printed URL opens)
///     GET  /program?token=   the program's intents, snippets and flows, or its compile errors
///     GET  /events?token=    the session's events (SPEC §10), from the first, as server-sent events
///     POST /run?token=       body: a target to run
///     POST /say?token=       body: a phrase, as `shortcut say` hears it
///     POST /answer?token=    body: an answer for the run that waits
///     POST /save?token=      "Save as test": the session as a `test` block beside FILE
final class PreviewServer: @unchecked Sendable {
    let session: PreviewSession
    /// 128 random bits, made per process, in hex.
    let token: String
    private(set) var server: HTTPServer?

    init(session: PreviewSession, token: String = PreviewServer.randomToken()) {
        self.session = session
        self.token = token
    }

    /// Binds and starts serving; the URL to open.
    func start(port: UInt16) throws(HTTPServer.StartFailure) -> String {
        let server = try HTTPServer(port: port) { [self] request in handle(request) }
        self.server = server
        guard server.start() else {
            server.stop()
            throw HTTPServer.StartFailure(message: "no thread could be started to serve the preview", inUse: false)
        }
        session.watch()
        return "http://127.0.0.1:\(server.port)/?token=\(token)"
    }

    func stop() {
        server?.stop()
        session.log.close()
        session.end()
    }

    func handle(_ request: HTTPRequest) -> HTTPServer.Reply {
        guard let port = server?.port, let host = request.headers["host"], host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
            return .response(.text(403, "forbidden: this server answers only to 127.0.0.1 and localhost on its own port"))
        }
        if request.path == "/", request.method == "GET" {
            return .response(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: PreviewPage.html))
        }
        guard ["/program", "/events", "/run", "/say", "/answer", "/save"].contains(request.path) else { return .response(.text(404, "not found")) }
        guard request.query["token"] == token || request.headers["x-shortcut-token"] == token else {
            return .response(.text(403, "forbidden: the token of the printed URL is missing or wrong"))
        }
        switch (request.method, request.path) {
        case ("GET", "/program"):
            return .response(.json(session.program()))
        case ("GET", "/events"):
            return .events(session.log)
        case ("POST", "/run"):
            return done { () throws(PreviewSession.Refusal) in try session.run(request.text.trimmingWhitespace()) }
        case ("POST", "/say"):
            return done { () throws(PreviewSession.Refusal) in try session.say(request.text.trimmingWhitespace()) }
        case ("POST", "/answer"):
            return done { () throws(PreviewSession.Refusal) in try session.answer(request.text) }
        case ("POST", "/save"):
            do {
                return .response(.text(200, try session.saveAsTest()))
            } catch {
                return .response(.text(409, "the test file could not be written: \(error)"))
            }
        default:
            return .response(.text(405, "method not allowed"))
        }
    }

    /// 204 when the session did it; 409, saying why, when it refused.
    func done(_ action: () throws(PreviewSession.Refusal) -> Void) -> HTTPServer.Reply {
        do throws(PreviewSession.Refusal) {
            try action()
            return .response(HTTPResponse(status: 204))
        } catch {
            switch error {
            case .busy: return .response(.text(409, "a run is going on; answer it or wait for it to end"))
            case .idle: return .response(.text(409, "nothing is waiting for an answer"))
            }
        }
    }

    /// 16 bytes from the system's randomness, in hex.
    static func randomToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
        return bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    /// Left-padded with zeros to `width`.
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
