#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ShortcutCLI
import Foundation
import Testing

/// The preview in a real browser (SPEC §14): headless Chromium, driven over the DevTools protocol on
/// `--remote-debugging-pipe` (no package beyond the browser), opens the page, clicks the card's buttons
/// with the mouse, answers a request, sees the card redraw, finds no error in the page, and saves a
/// screenshot in `.build/preview-screenshots/`. `.ci/run` installs Chromium and sets
/// `SHORTCUT_BROWSER_TESTS=1`, which makes a missing browser a failure; elsewhere these tests run when
/// Chromium is there.
@Suite(.serialized) struct BrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let required = ProcessInfo.processInfo.environment["SHORTCUT_BROWSER_TESTS"] == "1"

    @Test func theBrowserIsThereWhenCIAsksForIt() {
        if BrowserTests.required { #expect(BrowserTests.chromium != nil, "SHORTCUT_BROWSER_TESTS=1 but no Chromium is installed") }
    }

    /// A preview of a copy of `example` (so nothing is written beside the repository's file), open in a browser.
    func previewing(_ example: String, _ body: (Browser) throws -> Void) throws {
        let name = URL(fileURLWithPath: example).lastPathComponent
        try previewing(file: try temporaryScript(try String(contentsOfFile: packageRoot + "/" + example, encoding: .utf8), name: name), body)
    }

    /// A preview of `file`, with `target` running before the page opens when one is given, open in a browser;
    /// the page must report no error.
    func previewing(file: String, store: [String] = ["--ephemeral"], running target: String? = nil, _ body: (Browser) throws -> Void) throws {
        let server = PreviewServer(session: PreviewSession(file: file, storeArguments: store))
        let url = try server.start(port: 0)
        defer { server.stop() }
        if let target { try server.session.run(target) }
        let browser = try Browser(path: BrowserTests.chromium ?? "")
        defer { browser.close() }
        try browser.open(url)
        try body(browser)
        #expect(browser.errors.isEmpty, "\(browser.errors)")
    }

    @Test(.enabled(if: chromium != nil)) func theCounterInABrowser() throws {
        try previewing("Examples/counter.shortcut") { browser in
            #expect(try browser.waitFor("document.querySelector('[data-target=\"FirstIntent\"]') !== null"))
            try browser.click("[data-target=\"FirstIntent\"]")
            #expect(try browser.waitFor("document.querySelector('.card') && document.querySelector('.card').textContent.includes('Count: 0')"))
            try browser.click(".card [data-action=\"2\"]")
            #expect(try browser.waitFor("document.querySelector('.card').textContent.includes('Count: 1')"))
            try browser.click(".card [data-action=\"2\"]")
            #expect(try browser.waitFor("document.querySelector('.card').textContent.includes('Count: 2')"))
            // Redrawn in place: one card, not three.
            #expect(try browser.evaluate("document.querySelectorAll('.card').length") == "1")
            try browser.screenshot(named: "counter")
            // Dark appearance follows the browser's setting.
            _ = try browser.command("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]])
            #expect(try browser.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)")
            try browser.screenshot(named: "counter-dark")
        }
    }

    /// `shortcut preview FILE TARGET`: the page opens on the target already running; two taps on + show 2,
    /// and `shortcut run` sees the same store.
    @Test(.enabled(if: chromium != nil)) func theTargetIsRunningWhenThePageOpens() throws {
        let file = try temporaryScript(try String(contentsOfFile: packageRoot + "/Examples/counter.shortcut", encoding: .utf8), name: "counter.shortcut")
        let store = file + ".store.json"
        try previewing(file: file, store: ["--store", store], running: "FirstIntent") { browser in
            #expect(try browser.waitFor("document.querySelector('.card') && document.querySelector('.card').textContent.includes('Count: 0')"))
            try browser.click(".card [data-action=\"2\"]")
            #expect(try browser.waitFor("document.querySelector('.card').textContent.includes('Count: 1')"))
            try browser.click(".card [data-action=\"2\"]")
            #expect(try browser.waitFor("document.querySelector('.card').textContent.includes('Count: 2')"))
            // Each tap was a transaction on the store `run` uses (its lock is not held while the card waits).
            #expect(cli(["store", "show", file, "--store", store]).out.contains("count: 2"))
        }
    }

    /// The tickets example: a typed answer, a confirmation snippet's buttons, the confirmation, a result card's button.
    @Test(.enabled(if: chromium != nil)) func theTicketsFlow() throws {
        try previewing("Examples/tickets.shortcut") { browser in
            try browser.click("[data-target=\"FindTicketsIntent\"]")
            #expect(try browser.waitFor("document.querySelector('.request input') !== null"))
            try browser.click(".request input")
            _ = try browser.command("Input.insertText", ["text": "Swift Concert"])
            try browser.click(".request button.prominent")
            #expect(try browser.waitFor("document.querySelector('.card') && document.querySelector('.card').textContent.includes('2 guests')"))
            try browser.click(".card [data-action=\"2\"]")
            #expect(try browser.waitFor("document.querySelector('.card').textContent.includes('3 guests')"))
            try browser.evaluateVoid("[...document.querySelectorAll('.request button')].find(b => b.textContent === 'Done').id = 'done'")
            try browser.click("#done")
            #expect(try browser.waitFor("[...document.querySelectorAll('.request button')].some(b => b.textContent === 'Search')"))
            try browser.evaluateVoid("[...document.querySelectorAll('.request button')].find(b => b.textContent === 'Search').id = 'search'")
            try browser.click("#search")
            #expect(try browser.waitFor("[...document.querySelectorAll('.card')].some(c => c.textContent.includes('Searching for 3 tickets'))"))
            try browser.evaluateVoid("[...document.querySelectorAll('.card [data-action]')].pop().id = 'check'")
            try browser.click("#check")
            #expect(try browser.waitFor("[...document.querySelectorAll('.card')].some(c => c.textContent.includes('3 tickets for Swift Concert'))"))
            try browser.screenshot(named: "tickets")
        }
    }

    /// Every text from the script is shown as text: a `Text("<script>…")` is never markup (SPEC §14).
    @Test(.enabled(if: chromium != nil)) func scriptTextIsNeverMarkup() throws {
        let file = try temporaryScript("""
        app "Hostile <i>App</i>"
        snippet Card {
            title: "<img src=x onerror=window.hacked=1>"
            perform { return .result(view: Text("<b>bold</b><script>window.hacked = 2</script>")) }
        }
        """)
        try previewing(file: file, running: "Card") { (browser: Browser) throws in
            #expect(try browser.waitFor("document.querySelector('.card') !== null"))
            #expect(try browser.evaluate("String(document.querySelector('.card').textContent.includes('<b>bold</b><script>window.hacked = 2</script>'))") == "true")
            #expect(try browser.evaluate("String(window.hacked)") == "undefined")
            #expect(try browser.evaluate("String(document.querySelectorAll('main b, main script, main img').length)") == "0")
            #expect(try browser.evaluate("document.getElementById('app').textContent") == "Hostile <i>App</i>")
        }
    }

    /// A bar fills by where its value stands: a progress view within its `total:`, a gauge within its `in:` bounds; a
    /// gauge's label stands under its bar.
    @Test(.enabled(if: chromium != nil)) func barsFillByTheirBounds() throws {
        let file = try temporaryScript("""
        snippet Bars {
            perform {
                return .result(view: VStack {
                    ProgressView(value: 3, total: 4)
                    Gauge(value: 1.5, in: 1.0...3.0) { Text("gauge") }
                })
            }
        }
        """)
        try previewing(file: file, running: "Bars") { (browser: Browser) throws in
            #expect(try browser.waitFor("document.querySelectorAll('.card .bar').length === 2"))
            #expect(try browser.evaluate("[...document.querySelectorAll('.card .bar > div')].map(d => d.style.width).join(' ')") == "75% 25%")
            // The gauge's label is drawn beside its bar, not hidden inside it.
            #expect(try browser.evaluate("String([...document.querySelectorAll('.card .bar')].some(b => b.textContent.includes('gauge')))") == "false")
            #expect(try browser.evaluate("String(document.querySelector('.card').textContent.includes('gauge'))") == "true")
            try browser.screenshot(named: "bars")
        }
    }

    @Test(.enabled(if: chromium != nil)) func caffeinePalAsksAndDraws() throws {
        try previewing("Examples/apple/caffeine-pal.shortcut") { browser in
            #expect(try browser.waitFor("document.querySelector('[data-target=\"LogEspressoIntent\"]') !== null"))
            try browser.click("[data-target=\"LogEspressoIntent\"]")
            // The request is a choice of the enum's cases, as buttons.
            #expect(try browser.waitFor("[...document.querySelectorAll('.request button')].some(b => b.textContent === 'Double')"))
            try browser.evaluateVoid("[...document.querySelectorAll('.request button')].find(b => b.textContent === 'Double').id = 'double'")
            try browser.click("#double")
            #expect(try browser.waitFor("document.body.textContent.includes('Logged 128 mg.')"))
            try browser.click("[data-target=\"GetCaffeineIntent\"]")
            #expect(try browser.waitFor("document.querySelector('.card') && document.querySelector('.card').textContent.includes('128 mg')"))
            try browser.screenshot(named: "caffeine-pal")
        }
    }
}

/// Headless Chromium over the DevTools protocol on a pipe: JSON commands ending in a NUL on its fd 3,
/// answers and events on its fd 4.
final class Browser {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session = ""
    /// The browser's profile folder, removed when it closes (a 2.4 MB folder a run was left in the temporary folder).
    /// Short: Chromium's temporary folder is inside it, and the socket it makes there must fit a socket path's 108 bytes.
    private let profile = NSTemporaryDirectory() + "shortcut-chromium-\(UUID().uuidString.prefix(8))"
    /// Exceptions and console errors the page reported.
    private(set) var errors: [String] = []

    init(path: String) throws {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw Failure(description: "no pipes") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 3)
        posix_spawn_file_actions_adddup2(&actions, output[1], 4)
        let devNull = Glibc.open("/dev/null", O_WRONLY)
        posix_spawn_file_actions_adddup2(&actions, devNull, 2)
        let arguments = [path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--remote-debugging-pipe",
                         "--window-size=430,900", "--no-first-run", "--user-data-dir=" + profile, "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        // A process group of its own: Chromium's helpers go with it when it is closed (they wrote into its profile after).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        // Its temporary folder inside the profile, so the singleton folder it makes there (`org.chromium.Chromium.*`,
        // left behind by every run in /tmp) goes when the profile does.
        let temporary = profile + "/t"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, &attributes, &argv, &envp)
        Glibc.close(input[0])
        Glibc.close(output[1])
        Glibc.close(devNull)
        guard spawned == 0 else { throw Failure(description: "could not start \(path): \(spawned)") }
        pid = child
        toBrowser = input[1]
        fromBrowser = output[0]
    }

    func close() {
        _ = try? command("Browser.close", [:], inPage: false)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        var status: Int32 = 0
        kill(-pid, SIGKILL)   // the whole group
        waitpid(pid, &status, 0)
        for _ in 0..<100 where kill(-pid, 0) == 0 { usleep(10_000) }   // until its helpers are gone too (at most a second)
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Opens `url` in a new page and attaches to it.
    func open(_ url: String) throws {
        let created = try command("Target.createTarget", ["url": url], inPage: false)
        guard let target = (created["result"] as? [String: Any])?["targetId"] as? String else { throw Failure(description: "no target: \(created)") }
        let attached = try command("Target.attachToTarget", ["targetId": target, "flatten": true], inPage: false)
        guard let id = (attached["result"] as? [String: Any])?["sessionId"] as? String else { throw Failure(description: "no session: \(attached)") }
        session = id
        _ = try command("Runtime.enable", [:])
        _ = try command("Page.enable", [:])
    }

    /// Evaluates a JavaScript expression in the page; its value as text.
    func evaluate(_ expression: String) throws -> String {
        let reply = try command("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        guard let result = (reply["result"] as? [String: Any])?["result"] as? [String: Any] else { throw Failure(description: "\(reply)") }
        if let value = result["value"] { return "\(value)" }
        return ""
    }

    func evaluateVoid(_ expression: String) throws { _ = try evaluate(expression) }

    /// Waits up to `seconds` for a JavaScript condition to hold.
    func waitFor(_ condition: String, seconds: Double = 10) throws -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try evaluate("Boolean(\(condition))") == "1" || (try evaluate("Boolean(\(condition))")) == "true" { return true }
            usleep(100_000)
        }
        return false
    }

    /// Clicks the middle of the element the selector finds, with the mouse, as a person would.
    func click(_ selector: String) throws {
        _ = try waitFor("document.querySelector(\(quoted(selector))) !== null")
        let box = try evaluate("(() => { const r = document.querySelector(\(quoted(selector))).getBoundingClientRect(); return r.x + r.width / 2 + ',' + (r.y + r.height / 2); })()")
        let parts = box.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2 else { throw Failure(description: "nothing to click at \(selector): \(box)") }
        for type in ["mousePressed", "mouseReleased"] {
            _ = try command("Input.dispatchMouseEvent", ["type": type, "x": parts[0], "y": parts[1], "button": "left", "clickCount": 1])
        }
    }

    /// Saves the page as `.build/preview-screenshots/NAME.png`.
    func screenshot(named name: String) throws {
        let reply = try command("Page.captureScreenshot", ["format": "png"])
        guard let data = (reply["result"] as? [String: Any])?["data"] as? String, let png = Data(base64Encoded: data) else {
            throw Failure(description: "no screenshot")
        }
        let folder = packageRoot + "/.build/preview-screenshots"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try png.write(to: URL(fileURLWithPath: folder + "/\(name).png"))
    }

    func quoted(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data(), as: UTF8.self).dropFirst().dropLast().description
    }

    /// Sends a command and waits for its answer, noting the page's errors from the events met on the way.
    func command(_ method: String, _ params: [String: Any], inPage: Bool = true) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if inPage { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        _ = bytes.withUnsafeBytes { Glibc.write(toBrowser, $0.baseAddress, $0.count) }
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            while let zero = buffer.firstIndex(of: 0) {
                let one = Array(buffer[..<zero])
                buffer.removeFirst(zero + 1)
                guard let reply = try? JSONSerialization.jsonObject(with: Data(one)) as? [String: Any] else { continue }
                if reply["id"] as? Int == nextID { return reply }
                note(reply)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 1000) > 0 else { continue }
            let n = Glibc.read(fromBrowser, &chunk, chunk.count)
            guard n > 0 else { throw Failure(description: "the browser closed its pipe") }
            buffer += chunk[0..<n]
        }
        throw Failure(description: "no answer to \(method)")
    }

    private func note(_ event: [String: Any]) {
        let params = event["params"] as? [String: Any]
        switch event["method"] as? String {
        case "Runtime.exceptionThrown":
            errors.append("exception: \(params?["exceptionDetails"] ?? "")")
        case "Runtime.consoleAPICalled" where params?["type"] as? String == "error":
            errors.append("console.error: \(params?["args"] ?? "")")
        default:
            break
        }
    }
}
