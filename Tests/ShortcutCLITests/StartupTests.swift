import CStartup
import Testing

/// The command line CStartup keeps for the Swift runtime (a static executable's `CommandLine`, in place of the
/// runtime's own finder): the one the C library passed this process, as the runtime gives it here.
@Suite struct StartupTests {
    @Test func theCommandLineIsKeptAsTheCLibraryPassedIt() {
        var count: Int32 = 0
        let argv = cstartup_arguments(&count)
        #if os(Linux)
        #expect(count > 0)
        let kept = (0..<Int(count)).map { index in argv?[index].map { String(cString: $0) } ?? "" }
        #expect(kept == CommandLine.arguments)
        #else
        #expect(argv == nil && count == 0)
        #endif
    }
}
