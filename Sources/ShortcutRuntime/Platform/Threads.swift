#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX mutex with a condition variable: where the preview's threads meet (its server, the runs it
/// starts, the page's answers). Foundation's `NSLock`, `NSCondition` and `Thread` would do as well, but
/// linking Foundation costs every run of `shortcut` about 0.4 ms of start-up (docs/Engine.md).
public final class Monitor: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body` with the mutex held.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits (the mutex held) until another thread broadcasts; may also return early, as POSIX allows.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (the mutex held) at most `seconds` for a broadcast; false when the time ran out.
    public func wait(seconds: Double) -> Bool {
        let span = seconds.isNaN ? 0 : min(max(seconds, 0), Monitor.longestWait)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let whole = span.rounded(.down)
        var deadline = timespec()
        deadline.tv_sec = now.tv_sec + time_t(whole)
        deadline.tv_nsec = now.tv_nsec + Int((span - whole) * 1e9)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    /// Wakes every thread waiting.
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// The longest one `wait(seconds:)` waits (a year), so a deadline always fits a `timespec`.
    public static let longestWait = 365.0 * 24 * 3600
}

/// Threads of their own for the preview's server, its connections and its runs.
public enum Threads {
    /// Runs `body` on a new thread of its own (detached: nobody joins it); false when none could be made.
    @discardableResult
    public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(DetachedJob(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, nil, { raw in
            #if canImport(Glibc)
            guard let raw else { return nil }
            #endif
            Unmanaged<DetachedJob>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<DetachedJob>.fromOpaque(context).release()
            return false
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
        return true
    }
}

/// The work handed to a detached thread.
final class DetachedJob: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
