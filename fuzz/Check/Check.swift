// Fuzz target: lex, parse and check arbitrary bytes as a `.shortcut` file.
// Built only by `fuzz/run` (SHORTCUT_FUZZ=1), with libFuzzer and AddressSanitizer.
import ShortcutRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // As the command line does: on the large stack, through the Loader.
    LargeStack.run {
        // Only the input is a file: an import of anything else is not found.
        let result = Loader { path in path == "fuzz.shortcut" ? .success(bytes) : .failure(.notFound) }.load(path: "fuzz.shortcut")
        _ = result.program.map { IRPrinter.print($0) }
    }
    return 0
}
