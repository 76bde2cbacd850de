import Testing
@testable import ShortcutRuntime

/// The preview's threads meet on `Monitor`s and start with `Threads.detach` (no Foundation in the product).
@Suite struct ThreadTests {
    @Test func aWaitWithNoBroadcastTimesOut() {
        let monitor = Monitor()
        let start = MonotonicClock.now()
        let woken = monitor.withLock { monitor.wait(seconds: 0.05) }
        #expect(!woken)
        #expect(MonotonicClock.now() - start >= 0.04)
        // A wait of no time, a negative one and NaN return at once.
        #expect(!monitor.withLock { monitor.wait(seconds: 0) })
        #expect(!monitor.withLock { monitor.wait(seconds: -1) })
        #expect(!monitor.withLock { monitor.wait(seconds: .nan) })
    }

    @Test func aDetachedThreadRunsAndItsBroadcastWakesTheWaiter() {
        let monitor = Monitor()
        nonisolated(unsafe) var done = false
        let started = Threads.detach {
            monitor.withLock {
                done = true
                monitor.broadcast()
            }
        }
        #expect(started)
        let deadline = MonotonicClock.now() + 10
        let finished = monitor.withLock { () -> Bool in
            while !done, MonotonicClock.now() < deadline { _ = monitor.wait(seconds: deadline - MonotonicClock.now()) }
            return done
        }
        #expect(finished)
    }

    @Test func aHugeWaitIsClampedToFitTheClock() {
        // `Double.greatestFiniteMagnitude` seconds would overflow a timespec; it is clamped to a year, and a
        // thread's broadcast still ends it.
        let monitor = Monitor()
        nonisolated(unsafe) var done = false
        Threads.detach {
            monitor.withLock {
                done = true
                monitor.broadcast()
            }
        }
        let woken = monitor.withLock { () -> Bool in
            while !done { _ = monitor.wait(seconds: .greatestFiniteMagnitude) }
            return done
        }
        #expect(woken)
        #expect(Monitor.longestWait == 365 * 24 * 3600)
    }
}
