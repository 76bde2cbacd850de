// Fuzz target: check arbitrary bytes and run what checks, with tight limits, an
// in-memory store and a host that answers from the input. The input is source
// text; after a line `#answers`, each line is an answer.
// Built only by `fuzz/run` (SHORTCUT_FUZZ=1), with libFuzzer and AddressSanitizer.
import ShortcutRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRun(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The source, then after a line `#answers` the answers, one a line.
    let marker = Array("\n#answers\n".utf8)
    var split = bytes.count
    if bytes.count >= marker.count {
        for i in 0...(bytes.count - marker.count) where bytes[i..<(i + marker.count)].elementsEqual(marker) {
            split = i
            break
        }
    }
    let source = Array(bytes[..<split])
    let rest = split < bytes.count ? String(decoding: bytes[(split + marker.count)...], as: UTF8.self) : ""
    let answers = rest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    LargeStack.run {
        let loader = Loader { path in path == "fuzz.shortcut" ? .success(source) : .failure(.notFound) }
        guard let program = loader.load(path: "fuzz.shortcut").program else { return }
        var options = Interpreter.Options()
        options.timeout = 1
        options.maximumDepth = 500
        // Small, so a value that doubles stops at once under AddressSanitizer's slow copies
        // (the process's own memory passes it too after a while: the memory error is a clean end as well).
        options.maximumMemory = 256 << 20
        options.seed = 1
        let interpreter = Interpreter(program: program, host: RecordingHost(answers: answers), options: options)
        interpreter.withStack {
            do throws(ScriptError) {
                try interpreter.prepare(for: .topLevel)
                try interpreter.runTopLevel()
                for intent in program.intents.values.sorted(by: { $0.name < $1.name }) { _ = try interpreter.runIntent(intent) }
            } catch {
                _ = error.message
            }
        }
        _ = TestRunner.run(program, options: options)
    }
    return 0
}
