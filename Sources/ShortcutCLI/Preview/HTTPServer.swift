#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime

/// A small HTTP/1.1 server over the platform's sockets, bound to 127.0.0.1 only (SPEC §14): a thread
/// accepts, a thread serves each connection (keep-alive; one request at a time), and a request may be
/// answered with a stream of server-sent events instead of a body.
final class HTTPServer: @unchecked Sendable {
    /// What a handler answers: a response, or the events of a log from an index on (`text/event-stream`).
    enum Reply {
        case response(HTTPResponse)
        case events(EventLog)
    }

    struct StartFailure: Error {
        var message: String
        /// The port was taken (exit 2).
        var inUse: Bool
    }

    /// How long an idle connection is kept, and how often an event stream says it is alive.
    static let idleSeconds = 60
    static let keepAliveSeconds = 15.0
    /// Connections served at once (a thread each); one more is answered 503 and closed.
    static let maximumConnections = 32

    private let counting = Monitor()
    private var connections = 0

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> Reply
    private let stopped = Monitor()
    private var isStopped = false

    /// Binds 127.0.0.1:`port` (0: a free one the system picks).
    init(port: UInt16, handler: @escaping @Sendable (HTTPRequest) -> Reply) throws(StartFailure) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StartFailure(message: "no socket: \(String(cString: strerror(errno)))", inUse: false) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let inUse = errno == EADDRINUSE
            let why = String(cString: strerror(errno))
            close(fd)
            throw StartFailure(message: inUse ? "port \(port) is in use" : "cannot listen on 127.0.0.1:\(port): \(why)", inUse: inUse)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = UInt16(bigEndian: actual.sin_port)
        self.handler = handler
    }

    /// Starts accepting connections on a thread of its own.
    func start() -> Bool {
        Threads.detach { [self] in acceptLoop() }
    }

    /// Stops accepting; connections end as their clients go.
    func stop() {
        stopped.lock()
        defer { stopped.unlock() }
        guard !isStopped else { return }
        isStopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return   // the listener was closed
            }
            var timeout = timeval(tv_sec: HTTPServer.idleSeconds, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
            var noSignal: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            counting.lock()
            let admitted = connections < HTTPServer.maximumConnections
            if admitted { connections += 1 }
            counting.unlock()
            guard admitted else {
                _ = send(client, HTTPResponse.text(503, "too many connections").serialized(keepAlive: false))
                close(client)
                continue
            }
            let served = Threads.detach { [self] in
                serve(client)
                counting.withLock { connections -= 1 }
            }
            if !served {
                _ = send(client, HTTPResponse.text(503, "no thread to serve the connection").serialized(keepAlive: false))
                close(client)
                counting.withLock { connections -= 1 }
            }
        }
    }

    /// Serves one connection until it closes, a request asks to, or it turns into an event stream that ends.
    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let (parse, request) = HTTPRequest.parse(buffer)
            switch parse {
            case .bad(let status, let reason):
                _ = send(client, HTTPResponse.text(status, reason).serialized(keepAlive: false))
                return
            case .incomplete:
                let n = recv(client, &chunk, chunk.count, 0)
                guard n > 0 else { return }
                buffer += chunk[0..<n]
                continue
            case .request(let consumed):
                buffer.removeFirst(consumed)
                guard let request else { return }
                let keepAlive = request.headers["connection"]?.lowercased() != "close"
                switch handler(request) {
                case .response(let response):
                    guard send(client, response.serialized(keepAlive: keepAlive)), keepAlive else { return }
                case .events(let log):
                    stream(log, to: client)
                    return
                }
            }
        }
    }

    /// Writes the log's events as server-sent events, from the first, as they come; a comment now and then keeps
    /// the connection open. Ends when the client goes away or the log is closed.
    private func stream(_ log: EventLog, to client: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n"
        guard send(client, Array(head.utf8)) else { return }
        var next = 0
        while true {
            let (events, closed) = log.wait(after: next, seconds: HTTPServer.keepAliveSeconds)
            next += events.count
            var out = ""
            for event in events { out += "data: " + event + "\n\n" }
            if events.isEmpty { out = ": alive\n\n" }
            guard send(client, Array(out.utf8)), !closed else { return }
        }
    }

    /// Sends all of `bytes`; false when the connection is gone.
    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { raw -> Int in
                #if canImport(Glibc)
                return Glibc.send(client, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                return Darwin.send(client, raw.baseAddress, raw.count, 0)
                #endif
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}

/// Events in order, for any number of readers, each reading from where it is: the page's stream, and
/// the transcript a reloaded page replays.
final class EventLog: @unchecked Sendable {
    private let condition = Monitor()
    private var events: [String] = []
    private var closed = false

    func append(_ event: String) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    /// Ends every stream reading it.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The events after the first `index`, waiting up to `seconds` for one; and whether the log is closed.
    func wait(after index: Int, seconds: Double) -> (events: [String], closed: Bool) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = MonotonicClock.now() + seconds
        while events.count <= index, !closed {
            if !condition.wait(seconds: deadline - MonotonicClock.now()) { break }
        }
        return (index < events.count ? Array(events[index...]) : [], closed)
    }

    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    var all: [String] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }
}
