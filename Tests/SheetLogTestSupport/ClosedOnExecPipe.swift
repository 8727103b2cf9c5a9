import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A pipe whose two ends are close-on-exec from the moment they exist, for a child's standard streams:
/// the child gets its end by `dup2` (``SpawnedProcess``), which clears the flag on the copy, and no
/// other process the tests start at the same moment inherits either end. A write end inherited by a
/// long-lived process (a server another test started) would keep the reader from ever seeing its end.
package struct ClosedOnExecPipe: Sendable {
    package let reading: FileHandle
    package let writing: FileHandle

    package init() throws {
        var ends: [Int32] = [-1, -1]
        #if os(Linux)
        // glibc's pipe2, looked up: Swift's Glibc module does not declare it (a GNU extension).
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else {
            throw SpawnFailure(message: "cannot make a pipe: this libc has no pipe2")
        }
        let made = unsafeBitCast(symbol, to: Pipe2.self)(&ends, O_CLOEXEC)
        #else
        // Darwin has no pipe2; Foundation spawns there with POSIX_SPAWN_CLOEXEC_DEFAULT, and
        // ``SpawnedProcess`` closes every other descriptor in its child.
        let made = pipe(&ends)
        if made == 0 { for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) } }
        #endif
        guard made == 0 else { throw SpawnFailure(message: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}
