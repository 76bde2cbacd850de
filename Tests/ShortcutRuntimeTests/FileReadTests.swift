#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ShortcutRuntime
import Testing

/// `FileSystem.read`: a file whole at every size around the chunk a read asks for, an empty one, a device that never
/// ends stopped by the limit, a pipe (no size) read to its end.
@Suite struct FileReadTests {
    func written(_ bytes: [UInt8], name: String) -> String {
        let path = runtimeScratchRoot + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0 && FileSystem.writeAll(fd, bytes))
        close(fd)
        return path
    }

    @Test func filesAreReadWholeAtEverySize() {
        let chunk = FileSystem.readChunkBytes
        for size in [0, 1, 4095, 65_536, chunk - 1, chunk, chunk + 1, 2 * chunk + 7] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            let path = written(bytes, name: "read-\(size)")
            #expect(FileSystem.read(path) == .success(bytes), "\(size) bytes")
            #expect(FileSystem.read(path, maximumBytes: size) == .success(bytes))
            if size > 0 { #expect(FileSystem.read(path, maximumBytes: size - 1) == .failure(.tooLarge(size))) }
        }
    }

    @Test func aDeviceThatNeverEndsStopsAtTheLimit() {
        guard case .failure(.tooLarge(let n)) = FileSystem.read("/dev/zero", maximumBytes: 3 * FileSystem.readChunkBytes) else {
            Issue.record("/dev/zero was read whole")
            return
        }
        #expect(n > 3 * FileSystem.readChunkBytes)
        #expect(FileSystem.read(runtimeScratchRoot) == .failure(.isDirectory))
        #expect(FileSystem.read(runtimeScratchRoot + "/none") == .failure(.notFound))
    }

    @Test func aPipeIsReadToItsEnd() {
        let path = runtimeScratchRoot + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0) }
        // The writer opens the pipe (which waits for this reader) and closes it when done: the read's end.
        #expect(Threads.detach {
            let fd = open(path, O_WRONLY)
            _ = FileSystem.writeAll(fd, bytes)
            close(fd)
        })
        #expect(FileSystem.read(path) == .success(bytes))
    }
}
