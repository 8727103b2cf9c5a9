import Foundation
import SheetLogTestSupport

#if canImport(Glibc)
import Glibc
import Synchronization
#endif

/// A throwaway PostgreSQL cluster for one test process: a copy of a data directory `initdb`'d once per
/// process, in a temporary directory, `pg_ctl` on a free port of 127.0.0.1 with its socket in that
/// directory, stopped (`-m immediate`) and removed when the process exits, also after failed tests.
/// Every test uses the ``shared()`` cluster (a database of its own in it) unless its point is a
/// cluster of its own (``dedicated()``: a restart, an outage), which costs a copy, not an initdb.
///
/// Tests never skip for want of PostgreSQL: when the cluster cannot start, ``shared()`` throws the
/// reason (a missing binary, initdb's or the server log's last lines) and every test that needs it fails
/// with it. `initdb` refuses to run as root, so as root the binaries run as the `postgres` user
/// (`runuser -u postgres --`), which owns the directory.
///
/// ```swift
/// let cluster = try await PostgresCluster.shared()
/// let database = try await cluster.createDatabase()   // a fresh, empty database
/// let url = cluster.url(database: database)            // postgres://sheetlog@127.0.0.1:PORT/NAME
/// ```
///
/// Everything that waits for a process (`initdb`, `pg_ctl`, `psql`) waits on a thread of its own, never
/// on one of Swift concurrency's few threads: with as many of those as cores, tests that blocked them
/// while waiting for psql stalled every other test's PostgreSQL replies behind them.
package final class PostgresCluster: Sendable {
    /// The superuser `initdb` creates; trust authentication, so no password.
    package let user = "sheetlog"
    /// A role that must give its password (SCRAM), for tests of a refused password.
    package let passwordUser = (name: "sheetlog_password", password: "right-password")
    package let host = "127.0.0.1"
    package let port: Int
    /// The temporary directory: `data/`, the server log, the socket.
    package let directory: URL
    private let binaries: URL
    /// The installation's `psql`: a client that speaks the simple query protocol, as an operator's would.
    package var psql: URL { binaries.appendingPathComponent("psql") }
    private let runAs: String?
    private let counter = Counter()

    private static let started: Result<PostgresCluster, PostgresClusterError> = {
        Result { () throws(PostgresClusterError) in try PostgresCluster.start() }
    }()

    /// The process's cluster, started on first use; the same failure for every caller when it cannot start.
    package static func shared() async throws(PostgresClusterError) -> PostgresCluster {
        try await offThePool { () throws(PostgresClusterError) in try started.get() }
    }

    private init(port: Int, directory: URL, binaries: URL, runAs: String?) {
        self.port = port
        self.directory = directory
        self.binaries = binaries
        self.runAs = runAs
    }

    /// The URL of `database` on this cluster, as `SHEETLOG_POSTGRES` takes it.
    package func url(database: String) -> String {
        "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// A cluster of the caller's own, stopped at exit like the shared one: for tests that restart or
    /// stop the server, which would break every other test on the shared cluster.
    package static func dedicated() async throws(PostgresClusterError) -> PostgresCluster {
        try await offThePool { () throws(PostgresClusterError) in try start() }
    }

    /// Restarts the server as a crash would end it (`pg_ctl restart -m immediate`: no shutdown
    /// checkpoint, open connections cut), on the same port, and waits until it accepts connections.
    package func restartImmediately() async throws(PostgresClusterError) {
        try await offThePool { () throws(PostgresClusterError) in try self.restartWaiting() }
    }

    private func restartWaiting() throws(PostgresClusterError) {
        let data = directory.appendingPathComponent("data").path
        let restarted = Self.run(
            binaries.appendingPathComponent("pg_ctl").path, ["-D", data, "-m", "immediate", "-w", "-t", "30", "restart"], as: runAs)
        guard restarted.status == 0 else { throw PostgresClusterError("pg_ctl restart failed (exit \(restarted.status)): \(restarted.output.suffix(400))") }
    }

    /// Creates a fresh, empty database and returns its name (`t1`, `t2` … per process).
    /// With `template`, a copy of that database (which nobody may be connected to).
    package func createDatabase(from template: String? = nil) async throws(PostgresClusterError) -> String {
        let name = "t\(counter.next())"
        try await psql("CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0)" } ?? ""))
        return name
    }

    /// Runs one SQL command through `psql` on `database`; throws its error output when it fails.
    @discardableResult
    package func psql(_ sql: String, database: String = "postgres") async throws(PostgresClusterError) -> String {
        try await offThePool { () throws(PostgresClusterError) in try self.psqlWaiting(sql, database: database) }
    }

    private func psqlWaiting(_ sql: String, database: String) throws(PostgresClusterError) -> String {
        let run = Self.run(
            binaries.appendingPathComponent("psql").path,
            ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", host, "-p", String(port), "-U", user, "-d", database, "-c", sql],
            as: nil)
        guard run.status == 0 else { throw PostgresClusterError("psql failed: \(run.output)") }
        return run.output
    }

    // MARK: Starting and stopping

    private static func start() throws(PostgresClusterError) -> PostgresCluster {
        let template = try templateData.get()
        let directory = try newDirectory(runAs: template.runAs)
        let binaries = template.binaries, runAs = template.runAs
        let data = directory.appendingPathComponent("data").path
        // A copy of the process's one initdb'd data directory (`cp -a` keeps its owner and modes): file
        // copying only, where initdb bootstraps the catalogs (on 2 cores: 0.4–0.9 s against 0.9–1.2 s
        // idle, 2.3 s against 3.0 s beside four busy processes).
        let copied = run("/bin/cp", ["-a", template.data, data], as: nil)
        guard copied.status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw PostgresClusterError("cannot copy the template data directory (exit \(copied.status)): \(copied.output.suffix(400))")
        }
        var lastFailure = ""
        // A port found free can be taken before the server binds it: try a few.
        for _ in 0..<3 {
            let port = try freePort()
            let log = directory.appendingPathComponent("server.log").path
            let started = run(
                binaries.appendingPathComponent("pg_ctl").path, ["-D", data, "-l", log, "-w", "-t", "30", "-o", serverOptions(port: port, directory: directory), "start"],
                as: runAs)
            if started.status == 0 {
                let cluster = PostgresCluster(port: port, directory: directory, binaries: binaries, runAs: runAs)
                stopAtExit(cluster)
                _ = try cluster.psqlWaiting("CREATE ROLE \(cluster.passwordUser.name) LOGIN PASSWORD '\(cluster.passwordUser.password)'", database: "postgres")
                return cluster
            }
            let serverLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            lastFailure = "pg_ctl start failed (exit \(started.status)): \(started.output.suffix(400)) \(serverLog.suffix(800))"
        }
        try? FileManager.default.removeItem(at: directory)
        throw PostgresClusterError(lastFailure)
    }

    /// The data directory every cluster of this process starts from: `initdb` once, with the
    /// password role's `pg_hba.conf` line, removed at exit. Each cluster copies it (``start()``), so a
    /// test whose point is a cluster of its own (a restart, an outage) costs a copy, not an initdb.
    private struct Template: Sendable {
        let binaries: URL
        let runAs: String?
        let directory: URL
        var data: String { directory.appendingPathComponent("data").path }
    }

    private static let templateData: Result<Template, PostgresClusterError> = {
        Result { () throws(PostgresClusterError) in try makeTemplate() }
    }()

    private static func makeTemplate() throws(PostgresClusterError) -> Template {
        let binaries = try findBinaries()
        let runAs = try unprivilegedUser()
        let directory = try newDirectory(runAs: runAs)
        let template = Template(binaries: binaries, runAs: runAs, directory: directory)
        let initdb = run(
            binaries.appendingPathComponent("initdb").path,
            ["-D", template.data, "-A", "trust", "--no-sync", "-U", "sheetlog", "-E", "UTF8", "--locale", "C"], as: runAs)
        guard initdb.status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw PostgresClusterError("initdb failed (exit \(initdb.status)): \(initdb.output.suffix(800))")
        }
        // Every role is trusted but one, which must give its password: the first matching line wins.
        let hba = URL(fileURLWithPath: template.data).appendingPathComponent("pg_hba.conf")
        do {
            let rules = try String(contentsOf: hba, encoding: .utf8)
            try ("host all sheetlog_password 127.0.0.1/32 scram-sha-256\n" + rules).write(to: hba, atomically: false, encoding: .utf8)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw PostgresClusterError("cannot edit \(hba.path): \(error)")
        }
        atexit { if case let .success(template) = PostgresCluster.templateData { try? FileManager.default.removeItem(at: template.directory) } }
        return template
    }

    /// A new temporary directory (owned by `runAs` when given) for a cluster or the template.
    private static func newDirectory(runAs: String?) throws(PostgresClusterError) -> URL {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("sheetlog-postgres-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if let runAs { try chown(directory, to: runAs) }
        } catch {
            throw PostgresClusterError("cannot prepare \(directory.path): \(error)")
        }
        return directory
    }

    private static func serverOptions(port: Int, directory: URL) -> String {
        "-p \(port) -k \(directory.path) -c listen_addresses=127.0.0.1 -c fsync=off "
            + "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    }

    /// Stops the server (`pg_ctl stop -m fast`: open connections cut, committed work flushed, which an
    /// immediate stop would lose here, where commits do not wait for the WAL), keeping its data:
    /// clients get refused connections until ``resume()``.
    package func pause() async throws(PostgresClusterError) {
        try await offThePool { () throws(PostgresClusterError) in
            let stopped = Self.run(
                self.binaries.appendingPathComponent("pg_ctl").path,
                ["-D", self.directory.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"], as: self.runAs)
            guard stopped.status == 0 else { throw PostgresClusterError("pg_ctl stop failed (exit \(stopped.status)): \(stopped.output.suffix(400))") }
        }
    }

    /// Starts a ``pause()``d server again on the same port and waits until it accepts connections.
    package func resume() async throws(PostgresClusterError) {
        try await offThePool { () throws(PostgresClusterError) in
            let started = Self.run(
                self.binaries.appendingPathComponent("pg_ctl").path,
                [
                    "-D", self.directory.appendingPathComponent("data").path, "-l", self.directory.appendingPathComponent("server.log").path, "-w",
                    "-t", "30", "-o", Self.serverOptions(port: self.port, directory: self.directory), "start",
                ], as: self.runAs)
            guard started.status == 0 else { throw PostgresClusterError("pg_ctl start failed (exit \(started.status)): \(started.output.suffix(400))") }
        }
    }

    /// Stops the server and removes its directory.
    package func stop() {
        _ = Self.run(
            binaries.appendingPathComponent("pg_ctl").path,
            ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"], as: runAs)
        try? FileManager.default.removeItem(at: directory)
    }

    private static func stopAtExit(_ cluster: PostgresCluster) {
        let first = toStop.withLock { clusters in
            clusters.append(cluster)
            return clusters.count == 1
        }
        guard first else { return }
        atexit {
            PostgresCluster.toStop.withLock { clusters in
                clusters.forEach { $0.stop() }
                clusters = []
            }
        }
    }

    private static let toStop = Mutex<[PostgresCluster]>([])

    /// `initdb`, `pg_ctl` and `psql` of one installation: on PATH, /usr/local/bin, or Debian's
    /// /usr/lib/postgresql/VERSION/bin (15 first).
    private static func findBinaries() throws(PostgresClusterError) -> URL {
        var candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        candidates += ["/usr/local/bin", "/usr/lib/postgresql/15/bin"]
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        candidates += versions.sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
        for candidate in candidates {
            let initdb = URL(fileURLWithPath: candidate).appendingPathComponent("initdb")
            guard FileManager.default.isExecutableFile(atPath: initdb.path) else { continue }
            // Debian links initdb into /usr/local/bin without psql's siblings: use the real directory.
            let real = initdb.resolvingSymlinksInPath().deletingLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: real.appendingPathComponent("pg_ctl").path) { return real }
        }
        throw PostgresClusterError(
            "PostgreSQL's initdb and pg_ctl were not found (PATH, /usr/local/bin, /usr/lib/postgresql/*/bin): install postgresql")
    }

    /// nil when this process is not root; else the user the cluster runs as (`postgres`, which Debian's
    /// package creates).
    private static func unprivilegedUser() throws(PostgresClusterError) -> String? {
        guard geteuid() == 0 else { return nil }
        guard getpwnam("postgres") != nil else {
            throw PostgresClusterError("running as root and there is no postgres user to run initdb as: install postgresql")
        }
        return "postgres"
    }

    private static func chown(_ directory: URL, to user: String) throws {
        guard let entry = getpwnam(user) else { throw PostgresClusterError("no user \(user)") }
        try FileManager.default.setAttributes(
            [.ownerAccountID: NSNumber(value: entry.pointee.pw_uid), .groupOwnerAccountID: NSNumber(value: entry.pointee.pw_gid),
             .posixPermissions: NSNumber(value: 0o700)],
            ofItemAtPath: directory.path)
    }

    /// A port nothing listens on now: bind port 0, read what the kernel chose, close.
    private static func freePort() throws(PostgresClusterError) -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PostgresClusterError("socket() failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw PostgresClusterError("cannot find a free port on 127.0.0.1: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `executable` (as `user` through `runuser` when given) and returns its exit status and
    /// output (stdout and stderr together).
    ///
    /// A ``SpawnedProcess``, not Foundation's `Process`: the server `pg_ctl` starts outlives it, and
    /// `Process` would wait for the server to stop.
    private static func run(_ executable: String, _ arguments: [String], as user: String?) -> (status: Int32, output: String) {
        let argv = user.map { ["/usr/sbin/runuser", "-u", $0, "--", executable] + arguments } ?? [executable] + arguments
        let child: SpawnedProcess
        do { child = try SpawnedProcess(argv) } catch { return (-1, "\(error)") }
        // initdb, pg_ctl (`-w -t 30`) and psql end by themselves; the bound only turns a hang into a failure.
        guard let status = child.wait(timeout: .seconds(300)) else {
            child.stop()
            return (-1, "\(argv.joined(separator: " ")) still ran after 300 s: \(child.output)")
        }
        return (status, child.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

}
