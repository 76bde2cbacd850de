#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct DirectoryError: Error {}

/// The names in a folder (tests find their fixtures this way).
func listDirectory(_ path: String) throws -> [String] {
    guard let dir = opendir(path) else { throw DirectoryError() }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) { ptr in
            ptr.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

/// Where this test process keeps its scratch folders: one root, removed when the process exits.
let runtimeScratchRoot: String = {
    let root = scratchPath(pid: getpid())
    mkdir(root, 0o700)
    atexit { removeTree(scratchPath(pid: getpid())) }
    return root
}()

private func scratchPath(pid: pid_t) -> String { "/tmp/shortcut-runtime-tests-\(pid)" }

/// Removes a folder and everything in it (the tests use no Foundation).
func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
        for name in (try? listDirectory(path)) ?? [] { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}
