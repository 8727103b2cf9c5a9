import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child started with `posix_spawn`, its stdout and stderr going to one file, known to have ended
/// by `waitpid` on its pid alone: for children whose own children outlive them.
///
/// Foundation's `Process` learns that its child ended when a socket the child inherited closes. A
/// child that starts longer-lived processes (`pg_ctl` its server; chromedriver Chromium, whose crash
/// handler runs in a session of its own) passes that socket on, so `waitUntilExit()` and `isRunning`
/// wait for the last of them — a whole test run once waited for ever. Here the wait is for this pid,
/// every descriptor above stderr is closed in the child, and the output is a file, which needs no
/// reader and has no end to wait for.
///
/// ```swift
/// let child = try SpawnedProcess(["/usr/bin/chromedriver", "--port=0"], ownProcessGroup: true)
/// defer { child.stop() }
/// let status = child.wait(timeout: .seconds(30))   // nil while it still runs
/// ```
package final class SpawnedProcess: Sendable {
    package let pid: pid_t
    private let outputPath: String
    private let status = Mutex<Int32?>(nil)

    /// Starts `argv[0]` with `argv` (an absolute path), stdin from /dev/null; in a process group of its
    /// own, whose id is its pid, when `ownProcessGroup`.
    package init(_ argv: [String], ownProcessGroup: Bool = false) throws {
        outputPath = NSTemporaryDirectory() + "sheetlog-child-\(UUID().uuidString).out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        Self.closeInheritedDescriptors(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        guard spawned == 0 else {
            unlink(outputPath)
            throw SpawnFailure(message: "cannot run \(argv[0]): errno \(spawned)")
        }
        self.pid = pid
    }

    deinit { unlink(outputPath) }

    /// What the child wrote to stdout and stderr so far.
    package var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Its exit status (-1 when a signal ended it) once it has ended; nil while it runs.
    package var exitStatus: Int32? {
        status.withLock { status in
            if status == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { status = Self.decode(raw) }
            }
            return status
        }
    }

    /// Waits for the child to end, for at most `timeout`; its exit status, or nil if it still runs.
    package func wait(timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = exitStatus { return status }
            if ContinuousClock.now >= deadline { return nil }
            usleep(10_000)
        }
    }

    /// Sends `signal` to the child, or to its whole process group when it was started with one.
    package func send(_ signal: Int32, toGroup: Bool = false) {
        guard exitStatus == nil else { return }
        kill(toGroup ? -pid : pid, signal)
    }

    /// Ends the child (and its group): SIGTERM, up to `grace` for it to go, then SIGKILL. Never waits
    /// for anything but the child itself.
    package func stop(group: Bool = false, grace: Duration = .seconds(2)) {
        guard exitStatus == nil else {
            if group { kill(-pid, SIGKILL) }
            return
        }
        kill(group ? -pid : pid, SIGTERM)
        if wait(timeout: grace) == nil { kill(group ? -pid : pid, SIGKILL) }
        else if group { kill(-pid, SIGKILL) }
        _ = wait(timeout: .seconds(10))
    }

    /// WIFEXITED / WEXITSTATUS, which Swift does not import (macros).
    private static func decode(_ raw: Int32) -> Int32 { (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : -1 }

    /// Closes every descriptor above stderr in the child: a server it starts would keep every pipe and
    /// socket it inherits open for as long as it runs — the ends of the binaries other tests run at the
    /// same moment, whose readers then never saw their end (a whole test run hung at its start).
    ///
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; looked up, as Swift's Glibc
    /// module does not declare it); else each descriptor open now.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if os(Linux)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        #endif
    }
}

package struct SpawnFailure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
