import Foundation
@testable import ShortcutCLI
import Testing

/// The package's root folder, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Where this test process keeps its scratch folders: one root, removed when the process exits.
let scratchRoot: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("shortcut-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit {
        try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("shortcut-tests-\(getpid())"))
    }
    return root
}()

/// A fresh folder for stores, so no test reads or writes a real one (or another test's).
func temporaryStoreDirectory() -> String {
    scratchRoot.appendingPathComponent("stores-\(UUID().uuidString)").path
}

/// Runs a command line in process, with its own empty store folder unless the environment names one.
func cli(_ arguments: [String], input: String = "", environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
    var environment = environment
    if environment["SHORTCUT_STORE_DIR"] == nil { environment["SHORTCUT_STORE_DIR"] = temporaryStoreDirectory() }
    // Every value stored in a typed variable is checked against the type the checker proved (SPEC §3.1).
    if environment["SHORTCUT_ASSERT_TYPES"] == nil { environment["SHORTCUT_ASSERT_TYPES"] = "1" }
    let io = BufferIO(input: input, environment: environment)
    let code = ShortcutCLI.main(arguments: arguments, io: io)
    return (code, io.output, io.errors)
}

/// Writes a temporary .shortcut file and returns its path.
func temporaryScript(_ source: String, name: String = "script.shortcut") throws -> String {
    let dir = scratchRoot.appendingPathComponent("script-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The built `shortcut` binary (the test target depends on it, so it is built first).
var binaryPath: String {
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("shortcut").path
    }
    #endif
    return Bundle.main.bundleURL.appendingPathComponent("shortcut").path
}

/// Runs the built binary.
/// The built binary, started with pipes on its three streams (no backtracer, a store folder of its own).
func startBinary(_ arguments: [String], environment: [String: String] = [:]) throws -> (process: Process, input: Pipe, output: Pipe, errors: Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    env["SHORTCUT_STORE_DIR"] = temporaryStoreDirectory()
    env["SHORTCUT_ASSERT_TYPES"] = "1"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe(), err = Pipe(), inp = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inp
    try process.run()
    return (process, inp, out, err)
}

/// Waits for a started process to end, at most `seconds`; one still running then is
/// killed (so a failing test never hangs the suite) and the answer is false.
func finishes(_ process: Process, within seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    let finished = !process.isRunning
    if !finished { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return finished
}

/// Reads a started process's output until `text` shows, at most `seconds`; what was read.
func waitForText(_ text: String, in pipe: Pipe, within seconds: Double) -> String {
    var shown = ""
    let start = Date()
    while !shown.contains(text), Date().timeIntervalSince(start) < seconds {
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }   // the end of the stream: it will not show
        shown += String(decoding: chunk, as: UTF8.self)
    }
    return shown
}

func runBinary(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> (code: Int32, out: String, err: String) {
    let (process, inp, out, err) = try startBinary(arguments, environment: environment)
    if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
    try inp.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// Runs the built binary with its output going to files (a pipe that fills up cannot
/// stall it), and says how it ended: an exit with a status, or a signal.
func runBinaryToFiles(_ arguments: [String], input: String = "", timeout: Double = 120) throws
    -> (code: Int32, reason: Process.TerminationReason, out: String, err: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shortcut-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err"), inURL = dir.appendingPathComponent("in")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    try input.write(to: inURL, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    env["SHORTCUT_STORE_DIR"] = dir.path
    env["SHORTCUT_ASSERT_TYPES"] = "1"
    process.environment = env
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL), inp = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inp
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    try out.close(); try err.close(); try inp.close()
    return (process.terminationStatus, process.terminationReason,
            (try? String(contentsOf: outURL, encoding: .utf8)) ?? "", (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
}

func files(in folder: String, ending suffix: String) -> [String] {
    let dir = packageRoot + "/" + folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { dir + "/" + $0 }
}

/// The built binary running at a pseudo-terminal, driven as a person would: wait for text, type, wait to exit.
final class TerminalSession {
    let process = Process()
    var primary: Int32 = -1
    private(set) var screen = ""
    private var seen: String.Index

    init(_ arguments: [String], environment: [String: String]) throws {
        var secondary: Int32 = 0
        guard openpty(&primary, &secondary, nil, nil, nil) == 0 else { throw CocoaError(.featureUnsupported) }
        seen = screen.startIndex
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(primary)
    }

    /// Waits until `text` appears after what was already waited for; false after 30 s.
    @discardableResult
    func waitFor(_ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let r = screen[seen...].range(of: text) {
                seen = r.upperBound
                return true
            }
            var buffer = [UInt8](repeating: 0, count: 1024)
            var poller = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 {
                let n = read(primary, &buffer, buffer.count)
                if n > 0 { screen += String(decoding: buffer[0..<n], as: UTF8.self) }
            }
        }
        return false
    }

    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }

    /// The exit status, or nil when the process is still running after 30 s (it is then ended).
    func exitStatus() -> Int32? {
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }
}
