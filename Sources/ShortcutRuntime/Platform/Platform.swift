// Platform — the operating system, behind `#if canImport(Glibc)` / `Darwin`.
//
// Owns: the large stack the interpreter runs on (switched to on Linux, a thread elsewhere), the preview's threads
// and the monitor they meet on (`Threads`, `Monitor`: no Foundation), clocks,
// local time, files and folders (`FileSystem`), the C library's maths, seeded
// random numbers.
//
// May not: know anything about scripts. Everything here could serve another
// program.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CStackSwitch

/// The few operating-system calls the runtime needs, in one place.
enum Platform {
    /// Seconds since 1970, with sub-second precision.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Bytes of physical memory, or 0 when the system does not say.
    static func physicalMemory() -> Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        return pages > 0 && size > 0 ? pages.multipliedReportingOverflow(by: size).partialValue : 0
    }

    /// Bytes of memory the process holds now (its resident set), or 0 when unknown.
    static func residentBytes() -> Int {
        #if os(Linux)
        // /proc/self/statm: size resident shared … in pages.
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 127) }
        guard count > 0 else { return 0 }
        let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)   // bytes on Darwin
        #endif
    }

    /// Asks that the memory `bytes` from `start`, not touched yet, be given in huge pages where the system can (one page
    /// fault for 2 MiB instead of 512): for a large array about to be filled. Nothing happens where it cannot.
    static func adviseHugePages(_ start: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
        let huge = 2 << 20
        let first = (Int(bitPattern: start) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: start) + bytes) & ~(huge - 1)
        if end > first, let p = UnsafeMutableRawPointer(bitPattern: first) { _ = madvise(p, end - first, MADV_HUGEPAGE) }
        #endif
    }

    /// A monotonic clock for timeouts.
    /// Sleeps the thread for `seconds` (a fraction of a second at most, as `Interpreter.pause` asks).
    static func sleep(_ seconds: Double) {
        var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        _ = nanosleep(&ts, nil)
    }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Local calendar fields of a moment.
    static func localTime(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int) {
        // Dates are kept within `Limits.maximumDateSeconds`; anything else reads as 1970 rather than trapping.
        let clamped = Limits.isRepresentableDate(seconds) ? seconds : 0
        var t = time_t(clamped.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(parts.tm_wday) + 1)
    }

    /// Seconds east of UTC for a moment, in the local zone.
    static func utcOffset(_ seconds: Double) -> Int {
        let clamped = Limits.isRepresentableDate(seconds) ? seconds : 0
        var t = time_t(clamped.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        return Int(parts.tm_gmtoff)
    }

    /// Runs `body` on a stack of `stackBytes` and returns its result. The interpreter runs there so deep recursion
    /// has room, and `lowestAddress` tells it where the room ends.
    ///
    /// On Linux the calling thread itself moves onto a mapped stack and back (`CStackSwitch`); elsewhere, or when
    /// that fails, a new thread with such a stack runs `body` while this one waits. A thread cost `hello` about 0.3 ms
    /// of its 1.1 — making, mapping and joining it, and its first touches of memory from a second thread — where the
    /// switch costs a few microseconds. Called again on such a stack (the interpreter's run inside the command's), it
    /// runs `body` there when at least half of `stackBytes` is still free: one large stack a process, not one a layer.
    static func runOnLargeStack<T>(stackBytes: Int, _ body: @escaping (_ lowestAddress: UInt) -> T) -> T {
        if let lowest = largeStackLowest(), stackAddress() > lowest, stackAddress() - lowest >= UInt(stackBytes / 2) {
            return body(lowest)
        }
        // The result goes to memory of `T`'s size rather than into a `T?` or a generic holder class: either is a type
        // the runtime makes at its first use for each `T` (two of them in every run).
        let result = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { result.deallocate() }
        let job = LargeStackJob({ lowest in result.initialize(to: body(lowest)) }, stackBytes)
        guard runOnMappedStack(job) || runOnThread(job) else {
            // Neither a stack nor a thread could be made: run here with the current stack's default room.
            return body(stackAddress() - UInt(512 << 10) + UInt(128 << 10))
        }
        // The job stored its result before it ended.
        guard job.finished else { fatalError("the large-stack run ended without a result") }
        return result.move()
    }

    /// The job on this thread, on a stack mapped for it (its lowest page a guard, which a run off its end faults on
    /// rather than writing below it), then the stack unmapped and the thread's room as it was. False when no stack
    /// could be mapped or this system does not switch stacks (`cstackswitch_run`): the job has not run.
    private static func runOnMappedStack(_ job: LargeStackJob) -> Bool {
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK
        guard let stack = mmap(nil, job.stackBytes, PROT_READ | PROT_WRITE, flags, -1, 0), stack != MAP_FAILED else { return false }
        defer { munmap(stack, job.stackBytes) }
        _ = mprotect(stack, Int(sysconf(Int32(_SC_PAGESIZE))), PROT_NONE)
        let outer = pthread_getspecific(largeStackKey)
        defer { pthread_setspecific(largeStackKey, outer) }
        return withExtendedLifetime(job) {
            cstackswitch_run(stack, job.stackBytes, { raw in
                if let raw { Unmanaged<LargeStackJob>.fromOpaque(raw).takeUnretainedValue().start() }
            }, Unmanaged.passUnretained(job).toOpaque()) == 0
        }
        #else
        return false
        #endif
    }

    /// The job on a new thread with a stack of its size, this one waiting for it; false when no thread could be made.
    private static func runOnThread(_ job: LargeStackJob) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, job.stackBytes)
        let context = Unmanaged.passRetained(job).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, &attributes, { raw in
            #if canImport(Glibc)
            guard let raw else { return nil }
            #endif
            Unmanaged<LargeStackJob>.fromOpaque(raw).takeRetainedValue().start()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<LargeStackJob>.fromOpaque(context).release()
            return false
        }
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
        return true
    }

    /// Where the current thread's room ends, when `runOnLargeStack` made it.
    static func largeStackLowest() -> UInt? {
        pthread_getspecific(largeStackKey).map { UInt(bitPattern: $0) }
    }

    /// The thread-specific slot that holds a large-stack thread's lowest address.
    static let largeStackKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The address of a local in the caller's frame: how deep the native stack is.
    @inline(__always)
    static func stackAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}

/// The work `runOnLargeStack` runs on a stack of `stackBytes`, mapped or a thread's.
final class LargeStackJob: @unchecked Sendable {
    let body: (UInt) -> Void
    let stackBytes: Int
    /// Whether `body` has returned.
    private(set) var finished = false
    init(_ body: @escaping (UInt) -> Void, _ stackBytes: Int) {
        self.body = body
        self.stackBytes = stackBytes
    }

    /// Run first thing on the job's stack: where its room ends, worked out from here (the stack's top, near enough),
    /// kept for `Platform.largeStackLowest`, and the body run with it.
    func start() {
        let lowest = Platform.stackAddress() - UInt(stackBytes) + UInt(Limits.nativeStackReserve)
        pthread_setspecific(Platform.largeStackKey, UnsafeRawPointer(bitPattern: lowest))
        body(lowest)
        finished = true
    }
}

/// A small, seedable random number generator (SplitMix64), so `--seed` makes runs repeatable.
public struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Reading files without Foundation.
public enum FileSystem {
    public enum ReadError: Error, Equatable {
        case notFound
        case isDirectory
        case unreadable(String)
        /// Larger than the reader allows (bytes), found before reading any of it.
        case tooLarge(Int)
    }

    /// The file's bytes.
    public static func read(_ path: String, maximumBytes: Int = .max) -> Result<[UInt8], ReadError> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.isDirectory) }
        if Int(info.st_size) > maximumBytes { return .failure(.tooLarge(Int(info.st_size))) }
        // Read into an array of the file's size and a byte more (which sees the end in the same read): no buffer to zero
        // and copy from (a 64 KB one was a twentieth of `hello`'s instructions). A file that grows while it is read, or one
        // the system gives no size (a device, a pipe), goes on in `readChunkBytes`; a claimed size past `readChunkBytes`
        // is not trusted for the first read's array either.
        var bytes: [UInt8] = []
        var chunk = min(max(Int(info.st_size), 0), readChunkBytes) + 1
        while true {
            guard let part = readBytes(fd, upTo: chunk) else { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if bytes.isEmpty { bytes = part } else { bytes.append(contentsOf: part) }
            // A file that grows while it is read (or a device that never ends) stops here too.
            if bytes.count > maximumBytes { return .failure(.tooLarge(bytes.count)) }
            if part.count < chunk { break }
            chunk = readChunkBytes
        }
        return .success(bytes)
    }

    /// The most bytes one read of a file asks for (a file larger is read in parts of this size).
    static let readChunkBytes = 1 << 20

    /// Up to `capacity` bytes read from `fd`, fewer at its end; nil (`errno` says why) when a read fails.
    private static func readBytes(_ fd: Int32, upTo capacity: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < capacity {
                #if canImport(Glibc)
                let n = Glibc.read(fd, base + count, capacity - count)
                #else
                let n = Darwin.read(fd, base + count, capacity - count)
                #endif
                if n < 0, errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { return }
                count += n
            }
        }
        return failed ? nil : bytes
    }

    /// What identifies a file's current version: replaced or rewritten, it changes.
    public struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    public static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Glibc)
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                        seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        #else
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                        seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
        #endif
    }

    /// Writes every byte to a file descriptor, retrying after interruptions.
    /// Returns false (with `errno` set) when the system refuses.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { raw -> Int in
                #if canImport(Glibc)
                return Glibc.write(fd, raw.baseAddress, raw.count)
                #else
                return Darwin.write(fd, raw.baseAddress, raw.count)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// The folder part of a path (`a/b.shortcut` → `a`), or "." for a bare name.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `dir/other` unless `other` is absolute; `./` and `../` are folded.
    public static func join(_ directory: String, _ other: String) -> String {
        if other.hasPrefix("/") { return normalize(other) }
        return normalize(directory == "." ? other : directory + "/" + other)
    }

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

/// The clock `--timeout` is measured on, for the hosts that wait for answers.
public enum MonotonicClock {
    /// Seconds on a clock that only goes forward.
    public static func now() -> Double { Platform.monotonic() }
}

/// A thread with a stack as large as the interpreter's, for the work around a
/// run: lexing, parsing and checking deep or long source recurse as the
/// interpreter does, and a deep value is printed or freed by recursion too.
public enum LargeStack {
    /// Runs `body` on a thread with a `Limits.nativeStackBytes` stack and returns its result.
    public static func run<T>(_ body: @escaping () -> T) -> T {
        Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { _ in body() }
    }
}
