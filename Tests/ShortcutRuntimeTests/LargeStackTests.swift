#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ShortcutRuntime
import Testing

/// The interpreter's large native stack: one a run, however many layers ask for one.
@Suite struct LargeStackTests {
    /// A run inside a run (the interpreter's inside the command's) stays on the stack it is on, with its room.
    @Test func aNestedRunStaysOnItsStack() {
        let outer = Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { lowest in
            let inner = Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { innerLowest in
                (thread: pthread_self(), lowest: innerLowest)
            }
            return (same: pthread_equal(inner.thread, pthread_self()) != 0, lowest: lowest, innerLowest: inner.lowest)
        }
        #expect(outer.same)
        #expect(outer.lowest == outer.innerLowest)
        #expect(Platform.largeStackLowest() == nil)
    }

    /// Off such a stack (the test's own), a run gets one of its own: on Linux the calling thread moves onto a mapped
    /// stack and back; elsewhere a thread is made for it. Either way the room it reports is where the run is, and
    /// the whole of `Limits.nativeStackBytes` but the reserve.
    @Test func aRunGetsAStackOfItsOwn() {
        let here = Platform.stackAddress()
        let run = Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { lowest in
            (thread: pthread_self(), address: Platform.stackAddress(), lowest: lowest, told: Platform.largeStackLowest())
        }
        #if os(Linux)
        #expect(pthread_equal(run.thread, pthread_self()) != 0)
        #else
        #expect(pthread_equal(run.thread, pthread_self()) == 0)
        #endif
        #expect(run.told == run.lowest)
        #expect(run.address > run.lowest)
        let room = run.address - run.lowest
        #expect(room > UInt(Limits.nativeStackBytes - Limits.nativeStackReserve - (64 << 10)))
        #expect(room < UInt(Limits.nativeStackBytes))
        #expect(here < run.lowest || here > run.address + (64 << 10), "the run is on a stack other than the caller's")
        #expect(Platform.largeStackLowest() == nil)
    }

    /// Runs one after another each get a stack and give it back: a thousand of them map no more than one at a time.
    @Test func runsGiveTheirStacksBack() {
        var lowests = Set<UInt>()
        for i in 0..<1_000 {
            let value = Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { lowest in
                lowests.insert(lowest)
                return i * 2
            }
            #expect(value == i * 2)
        }
        #if os(Linux)
        // Each run's stack was unmapped after it, so the next mapping mostly found the same room again (the suite's
        // other tests map theirs meanwhile, on other threads): a stack kept would push every next one to an address of
        // its own — 1 000 places, as they all fit in the 128 TiB of address space.
        #expect(lowests.count < 500, "\(lowests.count) places for 1 000 runs: stacks not given back")
        #else
        #expect(!lowests.isEmpty)
        #endif
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
