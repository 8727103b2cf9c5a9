import Foundation

extension Process {
    /// Waits until the process has ended, for at most `timeout`; whether it has.
    ///
    /// In place of `waitUntilExit()` alone, which spins the calling thread's run loop with no bound: a
    /// test that waits for a child must end, with a failure if need be, for the suite to end at all.
    /// Once the child has ended, `waitUntilExit()` returns at once, and only it lets Foundation close
    /// the socket it watched the child with: without it every child leaked a descriptor, and past
    /// about 1,300 of them `Process.run()` crashed (SIGSEGV in a copy of the descriptor list).
    package func waitForExit(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            if ContinuousClock.now >= deadline { return false }
            usleep(5_000)
        }
        waitUntilExit()
        return true
    }

    /// Waits up to `timeout` for the process to end; if it has not, kills it and throws, naming it.
    package func requireExit(within timeout: Duration) throws {
        guard !waitForExit(timeout: timeout) else { return }
        kill(processIdentifier, SIGKILL)
        _ = waitForExit(timeout: .seconds(10))
        throw SpawnFailure(message: "\(executableURL?.lastPathComponent ?? "a child") \((arguments ?? []).joined(separator: " ")) still ran after \(timeout); killed")
    }
}

/// How a process ended, read from `/proc` while it is a zombie (ended, not yet reaped): the
/// `exit_code` field of `/proc/PID/stat`, in `waitpid`'s form. Nil while it runs, or once reaped.
///
/// Foundation reaps a child only when a socket the child inherited closes, and a whole-suite run
/// saw a `sheetlog-server` print "stopped" and end while `isRunning` stayed true for 30 s and more:
/// the kernel knows it ended before Foundation does.
package func zombieExit(of pid: Int32) -> (status: Int32, signalled: Bool)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")")
    else { return nil }
    // After "pid (comm)": state is field 3, exit_code field 52.
    let fields = stat[stat.index(after: close)...].split(whereSeparator: \.isWhitespace)
    guard fields.first == "Z", fields.count >= 50, let raw = Int32(fields[49]) else { return nil }
    return (raw & 0x7f) == 0 ? ((raw >> 8) & 0xff, false) : (raw & 0x7f, true)
}
