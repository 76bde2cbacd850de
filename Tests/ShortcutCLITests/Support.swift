import Foundation
@testable import ShortcutCLI
import Testing

/// The package's root folder, found from this file's path.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// A fresh folder for stores, so no test reads or writes a real one (or another test's).
func temporaryStoreDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("shortcut-stores-\(UUID().uuidString)").path
}

/// Runs a command line in process, with its own empty store folder unless the environment names one.
func cli(_ arguments: [String], input: String = "", environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
    var environment = environment
    if environment["SHORTCUT_STORE_DIR"] == nil { environment["SHORTCUT_STORE_DIR"] = temporaryStoreDirectory() }
    let io = BufferIO(input: input, environment: environment)
    let code = ShortcutCLI.main(arguments: arguments, io: io)
    return (code, io.output, io.errors)
}

/// Writes a temporary .shortcut file and returns its path.
func temporaryScript(_ source: String, name: String = "script.shortcut") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shortcut-tests-\(UUID().uuidString)")
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
func runBinary(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> (code: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binaryPath)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    env["SHORTCUT_STORE_DIR"] = temporaryStoreDirectory()
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe(), err = Pipe(), inp = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inp
    try process.run()
    if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
    try inp.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

func files(in folder: String, ending suffix: String) -> [String] {
    let dir = packageRoot + "/" + folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { dir + "/" + $0 }
}
