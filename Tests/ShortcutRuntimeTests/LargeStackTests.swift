#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ShortcutRuntime
import Testing

/// The interpreter's large native stack: one thread a run, however many layers ask for one.
@Suite struct LargeStackTests {
    /// A run inside a run (the interpreter's inside the command's) stays on the thread it is on, with its room.
    @Test func aNestedRunStaysOnItsThread() {
        let outer = Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { lowest in
            let inner = Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { innerLowest in
                (thread: pthread_self(), lowest: innerLowest)
            }
            return (same: pthread_equal(inner.thread, pthread_self()) != 0, lowest: lowest, innerLowest: inner.lowest)
        }
        #expect(outer.same)
        #expect(outer.lowest == outer.innerLowest)
        // Off such a thread (the test's own), a run gets a thread of its own.
        let own = Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { _ in pthread_self() }
        #expect(pthread_equal(own, pthread_self()) == 0)
        #expect(Platform.largeStackLowest() == nil)
    }

    /// Recursion that uses up the native stack of a nested run still ends with the interpreter's clean error.
    @Test func theNativeStackGuardHoldsInANestedRun() {
        let source = "func f(_ n: Int) -> Int { n == 0 ? 0 : 1 + [n].map { f($0 - 1) }[0] }\nprint(f(5000000))"
        guard let program = Loader().load(source: source, name: "deep.shortcut").program else {
            Issue.record("does not compile")
            return
        }
        var options = Interpreter.Options()
        options.maximumDepth = Limits.largestMaximumDepth
        let message: String? = LargeStack.run {
            let interpreter = Interpreter(program: program, host: RecordingHost(), options: options)
            return interpreter.withStack {
                do throws(ScriptError) {
                    try interpreter.prepare(for: .topLevel)
                    try interpreter.runTopLevel()
                    return nil
                } catch {
                    return error.message
                }
            }
        }
        #expect(message?.contains("used up the interpreter's stack") == true, "\(String(describing: message))")
    }
}
