#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a thread of its own with a 16 MB stack, and waits for it. A debug build's parser takes 1–2 MB of stack
/// for input nested to `ParserLimits.maximumNestingDepth` (measured: fine on a 2 MB thread, a crash on 1 MB), more than a
/// test's thread is sure to have; `shortcut` parses on a large stack of its own (`LargeStack`), as these tests do here.
func onLargeStack<T>(_ body: () -> T) -> T {
    var result: T?
    withoutActuallyEscaping(body) { body in
        let job = Job { result = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 16 << 20)
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(job).toOpaque()
        let started = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
            #else
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            #endif
            job.run()
            return nil
        }, context)
        precondition(started == 0, "a thread for the test")
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }
    return result!
}

/// The work `onLargeStack` hands its thread.
private final class Job: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
