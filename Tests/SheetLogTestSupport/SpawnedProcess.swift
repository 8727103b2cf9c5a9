import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child started with `posix_spawn`, inheriting no descriptor but its three standard ones, known to
/// have ended by `waitpid` on its pid alone: the one way the tests start a process.
///
/// Foundation's `Process` learns that its child ended when a socket the child inherited closes. A
/// child that starts longer-lived processes (`pg_ctl` its server; chromedriver Chromium, whose crash
/// handler runs in a session of its own) passes that socket on, so `waitUntilExit()` and `isRunning`
/// wait for the last of them — a whole test run once waited for ever. And Foundation closes the
/// descriptors a child should not inherit by a list taken before the spawn: a pipe another thread
/// opened in between went to the child, which held its write end open — a test's read of a finished
/// binary's output then waited for an unrelated server to end. Here the wait is for this pid, every
/// descriptor above stderr is closed in the child, and the pipes a test reads are close-on-exec from
/// the moment they exist (``ClosedOnExecPipe``).
///
/// ```swift
/// let child = try SpawnedProcess(["/usr/bin/chromedriver", "--port=0"], ownProcessGroup: true)
/// defer { child.stop() }
/// let status = child.wait(timeout: .seconds(30))   // nil while it still runs
/// ```
package final class SpawnedProcess: Sendable {
    package let pid: pid_t
    /// The file stdout and stderr go to, when not the caller's descriptors.
    private let outputPath: String?
    private let status = Mutex<Int32?>(nil)

    /// Starts `argv[0]` with `argv` (an absolute path), stdin from /dev/null, stdout and stderr into one
    /// file (``output``); in a process group of its own, whose id is its pid, when `ownProcessGroup`.
    package convenience init(_ argv: [String], ownProcessGroup: Bool = false) throws {
        let outputPath = NSTemporaryDirectory() + "sheetlog-child-\(UUID().uuidString).out"
        try self.init(argv, environment: nil, standardInput: nil, output: .file(outputPath), ownProcessGroup: ownProcessGroup)
    }

    /// Starts `argv[0]` with `argv` and `environment` (this process's when nil), its stdin, stdout and
    /// stderr the given descriptors (stdin /dev/null when nil), which the caller keeps and closes.
    package convenience init(_ argv: [String], environment: [String: String]?, standardInput: Int32?, standardOutput: Int32, standardError: Int32) throws {
        try self.init(argv, environment: environment, standardInput: standardInput, output: .descriptors(standardOutput, standardError), ownProcessGroup: false)
    }

    private enum Output {
        case file(String)
        case descriptors(Int32, Int32)
    }

    private init(_ argv: [String], environment: [String: String]?, standardInput: Int32?, output: Output, ownProcessGroup: Bool) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        switch output {
        case .file(let path):
            outputPath = path
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .descriptors(let standardOutput, let standardError):
            outputPath = nil
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
            posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        }
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
        var cEnvironment = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { cEnvironment?.forEach { free($0) } }
        var pid = pid_t()
        let spawned = cEnvironment == nil
            ? posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
            : posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment!)
        guard spawned == 0 else {
            if let outputPath { unlink(outputPath) }
            throw SpawnFailure(message: "cannot run \(argv[0]): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    deinit { if let outputPath { unlink(outputPath) } }

    /// What the child wrote to stdout and stderr so far.
    package var output: String { outputPath.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? "" }

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
        // Short commands end in milliseconds: the first looks come often, later ones every 10 ms.
        var pause: UInt32 = 500
        while true {
            if let status = exitStatus { return status }
            if ContinuousClock.now >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 10_000)
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
