import ShortcutSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's file on disk (SPEC §8), and the only code that touches it.
///
/// - A lock file beside the store (`NAME.json.lock`) is held with an exclusive
///   `flock` for a whole transaction, so two processes never interleave.
/// - A new state is written to a temporary file in the same folder, `fsync`ed,
///   renamed over the old file, and the folder is `fsync`ed: a reader (or a
///   crash) sees the old file or the new one, never a mix.
/// - Files are created 0600 and folders 0700.
public final class StoreFile {
    public let path: String
    /// The lock file, opened once and kept open between transactions.
    var lockFile: Int32 = -1
    /// The lock is held.
    var isLocked = false

    public struct Failure: Error {
        public var message: String
    }

    /// How long a transaction waits for another process's lock before giving up (SPEC §12).
    /// `SHORTCUT_LOCK_TIMEOUT` may shorten it, for tests.
    public static let lockTimeoutSeconds: Double = getenv("SHORTCUT_LOCK_TIMEOUT").flatMap { Double(String(cString: $0)) } ?? 10
    /// How often a waiting transaction tries the lock again.
    static let lockRetrySeconds = 0.01

    /// A store at `path`; a symbolic link is followed, so the commit replaces the
    /// file the link points at (atomically) and the link stays a link.
    public init(path: String) {
        self.path = StoreFile.resolvingLinks(path)
    }

    /// The path with every symbolic link at its end followed (at most 40, as the system does).
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &target, Int(PATH_MAX))
            guard count > 0 else { return current }
            let text = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : FileSystem.join(FileSystem.directory(of: current), text)
        }
        return current
    }

    var directory: String { FileSystem.directory(of: path) }

    /// Takes the exclusive lock, creating folders and the lock file as needed.
    public func lock(timeout: Double = StoreFile.lockTimeoutSeconds) throws(Failure) {
        guard !isLocked else { return }
        if lockFile < 0 {
            try StoreFile.makeDirectories(directory)
            lockFile = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lockFile >= 0 else { throw Failure(message: "cannot open the lock file \(path).lock: \(StoreFile.lastError())") }
        }
        let deadline = Platform.monotonic() + timeout
        while flock(lockFile, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR || errno == EAGAIN else {
                throw Failure(message: "cannot lock \(path): \(StoreFile.lastError())")
            }
            if Platform.monotonic() > deadline {
                throw Failure(message: "the store \(path) has been locked by another process for more than \(formatSeconds(timeout)) s")
            }
            usleep(UInt32(StoreFile.lockRetrySeconds * 1_000_000))
        }
        isLocked = true
    }

    public func unlock() {
        guard isLocked else { return }
        flock(lockFile, LOCK_UN)
        isLocked = false
    }

    deinit {
        unlock()
        if lockFile >= 0 { close(lockFile) }
    }

    /// The file's text, nil when there is no file yet.
    public func read() throws(Failure) -> String? {
        switch FileSystem.read(path, maximumBytes: Limits.maximumStoreBytes) {
        case .success(let bytes):
            guard SourceFile.firstInvalidUTF8Offset(bytes) == nil else {
                throw Failure(message: "the store \(path) is not valid UTF-8")
            }
            return String(decoding: bytes, as: UTF8.self)
        case .failure(.notFound): return nil
        case .failure(.isDirectory): throw Failure(message: "the store path \(path) is a folder")
        case .failure(.unreadable(let why)): throw Failure(message: "cannot read the store \(path): \(why)")
        case .failure(.tooLarge(let bytes)):
            throw Failure(message: "the store \(path) holds \(formatBytes(bytes)), more than the \(formatBytes(Limits.maximumStoreBytes)) a store may; it was left as it is")
        }
    }

    /// Replaces the file atomically (temporary file, fsync, rename, fsync of the folder).
    public func write(_ text: String) throws(Failure) {
        try write(Array(text.utf8))
    }

    /// Replaces the file atomically with these bytes.
    public func write(_ bytes: [UInt8]) throws(Failure) {
        try StoreFile.makeDirectories(directory)
        // Writes happen under the exclusive lock, so one temporary name serves; one
        // left by a process that died mid-write is stale and simply replaced.
        let temporary = directory + "/." + (path.split(separator: "/").last.map(String.init) ?? "store") + ".tmp"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(message: "cannot write the store next to \(path): \(StoreFile.lastError())") }
        /// Gives up on the temporary file, leaving the store as it was.
        func abandon(_ what: String, closing: Bool) -> Failure {
            let why = StoreFile.lastError()
            if closing { close(fd) }
            unlink(temporary)
            return Failure(message: "cannot \(what) the store \(path): \(why)")
        }
        guard FileSystem.writeAll(fd, bytes) else { throw abandon("write", closing: true) }
        if StoreFile.syncEnabled, fsync(fd) != 0 { throw abandon("save", closing: true) }
        close(fd)
        guard rename(temporary, path) == 0 else { throw abandon("replace", closing: false) }
        if StoreFile.syncEnabled {
            let dir = open(directory, O_RDONLY | O_CLOEXEC)
            if dir >= 0 {
                fsync(dir)
                close(dir)
            }
        }
    }

    /// Deletes the store and its lock file.
    public func remove() throws(Failure) {
        if unlink(path) != 0, errno != ENOENT { throw Failure(message: "cannot delete \(path): \(StoreFile.lastError())") }
        if lockFile >= 0 {
            close(lockFile)
            lockFile = -1
            isLocked = false
        }
        unlink(path + ".lock")
    }

    /// `SHORTCUT_STORE_NO_FSYNC=1` skips the fsyncs. Only the store benchmark sets
    /// it, to measure the work of a transaction apart from the disk's.
    static let syncEnabled: Bool = getenv("SHORTCUT_STORE_NO_FSYNC").map { String(cString: $0) != "1" } ?? true

    static func makeDirectories(_ path: String) throws(Failure) {
        if path.isEmpty || path == "." || path == "/" { return }
        var info = stat()
        if stat(path, &info) == 0 { return }
        try makeDirectories(FileSystem.directory(of: path))
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw Failure(message: "cannot create the folder \(path): \(lastError())")
        }
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

