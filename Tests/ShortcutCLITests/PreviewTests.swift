#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ShortcutCLI
import Foundation
import Testing

/// `shortcut preview`'s server (SPEC §14): its rules against hostile requests, each sent and seen refused,
/// and the lifecycle through it — run, events, answers — as the page drives it.
@Suite(.serialized) struct PreviewTests {
    /// One raw HTTP exchange with `Connection: close`: the status and the body.
    func send(_ port: UInt16, _ raw: String) throws -> (status: Int, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(raw.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            response += chunk[0..<n]
        }
        let text = String(decoding: response, as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }

    func get(_ port: UInt16, _ target: String, host: String? = nil) throws -> (status: Int, body: String) {
        try send(port, "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n")
    }

    func post(_ port: UInt16, _ target: String, _ body: String) throws -> (status: Int, body: String) {
        try send(port, "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    func started(_ file: String = packageRoot + "/Examples/counter.shortcut") throws -> (PreviewServer, UInt16) {
        let server = PreviewServer(session: PreviewSession(file: file, storeArguments: ["--ephemeral"]))
        let url = try server.start(port: 0)
        #expect(url.hasPrefix("http://127.0.0.1:") && url.contains("/?token=\(server.token)"))
        #expect(server.token.count == 32)
        return (server, server.server?.port ?? 0)
    }

    @Test func hostileRequestsAreRefused() throws {
        let (server, port) = try started()
        defer { server.stop() }
        let token = server.token
        // The page itself needs no token, but only under its own host names.
        #expect(try get(port, "/").status == 200)
        #expect(try get(port, "/", host: "localhost:\(port)").status == 200)
        #expect(try get(port, "/", host: "evil.example:\(port)").status == 403)          // DNS rebinding
        #expect(try get(port, "/program?token=\(token)", host: "127.0.0.1:1").status == 403)
        #expect(try send(port, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n").status == 403)   // no Host at all
        // Everything else needs the token.
        #expect(try get(port, "/program").status == 403)
        #expect(try get(port, "/program?token=wrong").status == 403)
        #expect(try get(port, "/events").status == 403)
        #expect(try post(port, "/run", "FirstIntent").status == 403)
        #expect(try post(port, "/answer", "2").status == 403)
        #expect(try get(port, "/program?token=\(token)").status == 200)
        #expect(try send(port, "GET /program HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Shortcut-Token: \(token)\r\nConnection: close\r\n\r\n").status == 200)
        // No file but the page: any other path is 404, with or without a token.
        #expect(try get(port, "/etc/passwd?token=\(token)").status == 404)
        #expect(try get(port, "/../Examples/counter.shortcut").status == 404)
        // Malformed and oversized requests get an answer, not a crash.
        #expect(try send(port, "NONSENSE\r\n\r\n").status == 400)
        #expect(try send(port, "GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-Pad: y\r\n", count: 3_000) + "\r\n").status == 431)
        #expect(try send(port, "POST /run?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 99999999\r\n\r\n").status == 413)
    }

    @Test func thePageLoadsNothingFromTheNetworkAndShowsTextAsText() throws {
        let (server, port) = try started()
        defer { server.stop() }
        let page = try get(port, "/").body
        #expect(page.contains("<meta charset=\"utf-8\">"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("//cdn"))
        #expect(!page.contains("innerHTML"))
        #expect(page.contains("\"plus.circle.fill\":\"⊕\""))
    }

    @Test func aRunItsEventsAndItsAnswers() throws {
        let (server, port) = try started()
        defer { server.stop() }
        let token = server.token
        let program = try get(port, "/program?token=\(token)").body
        #expect(program.contains(#""app":"Counter""#) && program.contains(#""name":"FirstIntent""#))
        #expect(try post(port, "/answer?token=\(token)", "1").status == 409)   // nothing waits yet
        #expect(try post(port, "/run?token=\(token)", "FirstIntent").status == 204)
        #expect(try post(port, "/run?token=\(token)", "FirstIntent").status == 409)   // one run at a time
        let log = server.session.log
        func waitFor(_ text: String) -> Bool {
            for _ in 0..<100 {
                if log.all.contains(where: { $0.contains(text) }) { return true }
                usleep(50_000)
            }
            return false
        }
        #expect(waitFor(#""kind":"interaction""#))
        #expect(try post(port, "/answer?token=\(token)", "2").status == 204)        // tap ⊕
        #expect(waitFor(#""text":"Count: 1""#))
        #expect(try post(port, "/answer?token=\(token)", "").status == 204)         // done
        #expect(waitFor(#"{"event":"exit","code":0}"#))
        // The event stream replays the session from its first event (closed here, so the stream ends).
        log.close()
        let events = try get(port, "/events?token=\(token)")
        #expect(events.status == 200)
        #expect(events.body.hasPrefix(#"data: {"event":"run","target":"FirstIntent"}"# + "\n\n"))
        #expect(events.body.contains(#"data: {"event":"exit","code":0}"#))
    }

    @Test func aProgramThatDoesNotCompileShowsItsErrors() throws {
        let file = try temporaryScript("intent Broken {\n    perform { let x: Int = \"text\" }\n}\n")
        let (server, port) = try started(file)
        defer { server.stop() }
        let program = try get(port, "/program?token=\(server.token)").body
        #expect(program.contains(#""event":"diagnostic","severity":"error","message":"cannot convert value of type 'String' to specified type 'Int'""#))
        #expect(program.contains(#""line":2,"column":28"#) && program.contains(#""source":"    perform { let x: Int = \"text\" }""#))
    }

    @Test func aPortInUseIsAUsageError() throws {
        let (server, port) = try started()
        defer { server.stop() }
        let r = cli(["preview", packageRoot + "/Examples/counter.shortcut", "--port", "\(port)"])
        #expect(r.code == 2)
        #expect(r.err.contains("port \(port) is in use"))
    }

    /// Saving FILE is seen: a `reload` event, and the program read again shows the error; fixing it brings it back.
    @Test func savingTheFileReloadsTheProgram() throws {
        let file = try temporaryScript("intent Hello { perform { return .result(dialog: \"Hi\") } }\n")
        let (server, port) = try started(file)
        defer { server.stop() }
        #expect(try get(port, "/program?token=\(server.token)").body.contains(#""diagnostics":[]"#))
        func reloads() -> Int { server.session.log.all.filter { $0 == #"{"event":"reload"}"# }.count }
        func waitForReloads(_ n: Int) -> Bool {
            for _ in 0..<100 where reloads() < n { usleep(50_000) }
            return reloads() >= n
        }
        // The program read again shows the saved file (a save may be seen as more than one change,
        // so the test waits for what the program says, not for a count of reloads).
        func programShows(_ text: String) -> Bool {
            for _ in 0..<100 {
                if (try? get(port, "/program?token=\(server.token)").body.contains(text)) == true { return true }
                usleep(50_000)
            }
            return false
        }
        try "intent Hello { perform { let x: Int = \"a\" } }\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(waitForReloads(1))
        #expect(programShows(#""severity":"error""#))
        try "intent Hello { perform { return .result(dialog: \"Hello again\") } }\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(waitForReloads(2))
        #expect(programShows(#""diagnostics":[]"#))
    }

    /// "Save as test" writes the session as a `test` block beside FILE, and `shortcut test` passes it.
    @Test func saveAsTestWritesATestThatPasses() throws {
        let source = try String(contentsOfFile: packageRoot + "/Examples/counter.shortcut", encoding: .utf8)
        let file = try temporaryScript(source, name: "counter.shortcut")
        let (server, port) = try started(file)
        defer { server.stop() }
        let token = server.token
        let log = server.session.log
        func waitFor(_ text: String, count: Int = 1) -> Bool {
            for _ in 0..<100 where log.all.filter({ $0.contains(text) }).count < count { usleep(50_000) }
            return log.all.filter { $0.contains(text) }.count >= count
        }
        #expect(try post(port, "/run?token=\(token)", "FirstIntent").status == 204)
        #expect(waitFor(#""kind":"interaction""#))
        #expect(try post(port, "/answer?token=\(token)", "2").status == 204)
        #expect(waitFor(#""kind":"interaction""#, count: 2))
        #expect(try post(port, "/answer?token=\(token)", "2").status == 204)
        #expect(waitFor(#""kind":"interaction""#, count: 3))
        #expect(try post(port, "/answer?token=\(token)", "").status == 204)
        #expect(waitFor(#""event":"exit""#))
        let saved = try post(port, "/save?token=\(token)", "")
        #expect(saved.status == 200)
        let path = saved.body.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(path.hasSuffix("/counter.preview-tests.shortcut"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("import \"counter.shortcut\"\n"))
        #expect(text.contains("    let card1 = open(FirstIntent())\n    card1.tap(2)\n    card1.tap(2)\n    expect(card1.text.contains(\"Count: 2\"))"), "\(text)")
        let tested = cli(["test", path])
        #expect(tested.code == 0, "\(tested.out)\(tested.err)")
        #expect(tested.out.contains(": preview session of 1 run") && tested.out.contains(" passed, 0 failed"), "\(tested.out)")
    }

    /// The built binary prints one URL line, serves the page there, and Ctrl-C stops it with exit 0.
    @Test func theCommandPrintsItsURLAndStopsOnCtrlC() throws {
        let (process, _, out, _) = try startBinary(["preview", packageRoot + "/Examples/counter.shortcut", "--ephemeral"])
        var line = ""
        let reader = out.fileHandleForReading
        while !line.hasSuffix("\n"), process.isRunning {
            let byte = reader.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += String(decoding: byte, as: UTF8.self)
        }
        #expect(line.hasPrefix("http://127.0.0.1:") && line.contains("/?token="), "\(line)")
        let port = UInt16(line.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
        #expect(try get(port, "/").status == 200)
        kill(process.processIdentifier, SIGINT)
        #expect(finishes(process, within: 10))
        #expect(process.terminationStatus == 0)
    }

    /// A phrase said in the page runs the App Shortcut it matches, as `shortcut say` does; the program lists the phrases.
    @Test func aPhraseRunsItsAppShortcut() throws {
        let (server, port) = try started(packageRoot + "/Examples/apple/caffeine-pal.shortcut")
        defer { server.stop() }
        let token = server.token
        #expect(try get(port, "/program?token=\(token)").body.contains(#""phrases":["Log espresso in Caffeine Pal","How much caffeine in Caffeine Pal"]"#))
        #expect(try post(port, "/say?token=\(token)", "log espresso in caffeine pal").status == 204)
        let log = server.session.log
        for _ in 0..<100 where !log.all.contains(where: { $0.contains(#""kind":"value""#) }) { usleep(50_000) }
        #expect(try post(port, "/answer?token=\(token)", "2").status == 204)
        for _ in 0..<100 where !log.all.contains(where: { $0.contains("exit") }) { usleep(50_000) }
        #expect(log.all.contains(#"{"event":"dialog","text":"Logged 128 mg."}"#), "\(log.all)")
    }

    /// With a saved store, "Save as test" starts its block by setting what the session started with, so the
    /// test passes on the fresh stores tests get.
    @Test func aSavedTestStartsFromTheSessionsStores() throws {
        let source = try String(contentsOfFile: packageRoot + "/Examples/counter.shortcut", encoding: .utf8)
        let file = try temporaryScript(source, name: "counter.shortcut")
        let store = file + ".store.json"
        #expect(cli(["run", file, "FirstIntent", "--store", store], input: "2\n2\n2\n\n").code == 0)   // the count is 3
        let server = PreviewServer(session: PreviewSession(file: file, storeArguments: ["--store", store]))
        _ = try server.start(port: 0)
        defer { server.stop() }
        let log = server.session.log
        try server.session.run("FirstIntent")
        for _ in 0..<100 where !log.all.contains(where: { $0.contains("interaction") }) { usleep(50_000) }
        try server.session.answer("1")
        for _ in 0..<100 where log.all.filter({ $0.contains("interaction") }).count < 2 { usleep(50_000) }
        try server.session.answer("")
        for _ in 0..<100 where !log.all.contains(where: { $0.contains("exit") }) { usleep(50_000) }
        let path = try server.session.saveAsTest()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("    SnippetModel.shared.count = 3\n    let card1 = open(FirstIntent())\n    card1.tap(1)\n    expect(card1.text.contains(\"Count: 2\"))"), "\(text)")
        let tested = cli(["test", path])
        #expect(tested.code == 0, "\(tested.out)\(tested.err)")
    }

    /// More connections than `HTTPServer.maximumConnections` at once: the extra ones get 503, and once they go
    /// the server answers again.
    @Test func aFloodOfConnectionsIsBounded() throws {
        let (server, port) = try started()
        defer { server.stop() }
        var held: [Int32] = []
        for _ in 0..<HTTPServer.maximumConnections {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            held.append(fd)
        }
        usleep(200_000)
        #expect(try get(port, "/").status == 503)
        for fd in held { close(fd) }
        var status = 0
        for _ in 0..<50 where status != 200 {
            usleep(50_000)
            status = try get(port, "/").status
        }
        #expect(status == 200)
    }

    /// Any bytes at all: the request parser answers incomplete, a request, or a status — never a trap.
    @Test func arbitraryBytesNeverCrashTheRequestParser() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["GET ", "POST ", "/", "?token=", "%", "%4", "%41", " HTTP/1.1", "\r\n", "\r\n\r\n", "Host: ", ":",
                      "Content-Length: ", "-1", "99999999999999999999", "5", "Transfer-Encoding: chunked", "\u{0}", "é"]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) { text += pieces.randomElement(using: &generator) ?? "" }
            let (parse, request) = HTTPRequest.parse(Array(text.utf8))
            if case .request(let consumed) = parse {
                #expect(consumed <= text.utf8.count)
                #expect(request != nil)
            }
        }
    }
}
