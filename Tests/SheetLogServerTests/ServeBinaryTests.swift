import Foundation
import SheetLog
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// The real `sheetlog-server` binary, as a user runs it.
@Suite("sheetlog-server serve")
struct ServeBinaryTests {
    static let executable = ProductBinary.url("sheetlog-server")

    /// The SHA-256 of `path`.
    static func checksum(_ path: String) throws -> String {
        Checksum.sha256Hex(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The size of `path`, nil when there is none.
    static func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    @Test("serves the demo file read-only on loopback, prints its URL, stops cleanly on SIGTERM or SIGINT; the file is unchanged",
          arguments: [SIGTERM, SIGINT])
    func servesReadOnlyAndStops(signal: Int32) async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        let before = try Self.checksum(fixture.path)
        let server = try ServerProcess.start(executable: Self.executable, database: fixture.path)
        #expect(server.url.host == "127.0.0.1")
        #expect(server.url.port != 8080 && server.url.port != 0)

        let sessions = try await HTTP.get(server.url.appendingPathComponent("api/devices/local/sessions"))
        #expect(sessions.status == 200)
        #expect(sessions.body.contains("\"demo-expense\""))
        let timeline = try await HTTP.get(try #require(URL(string: "devices/local/sessions/demo-expense?v=5", relativeTo: server.url)))
        #expect(timeline.status == 200)
        #expect(timeline.body.contains("Discard Changes"))
        #expect(try await HTTP.get(server.url.appendingPathComponent("api/devices/local/audit")).status == 200)
        #expect(try await HTTP.get(server.url.appendingPathComponent("api/devices/local/drafts")).status == 200)

        let exit = try server.stop(signal: signal)
        #expect(exit.reason == .exit)
        #expect(exit.status == 0, "\(exit.stderr)")
        #expect(exit.stdout.hasPrefix("sheetlog-server: serving \(fixture.path) (read-only) at http://127.0.0.1:\(server.url.port ?? 0)/\n"))
        #expect(exit.stdout.hasSuffix("sheetlog-server: stopped\n"))
        // The file byte for byte as it was; SQLite's read-only WAL reader leaves at most an empty -wal
        // (and its -shm index) beside it, as the CLI's reading commands do, never a frame.
        #expect(try Self.checksum(fixture.path) == before)
        #expect(Self.size(fixture.path + "-wal") ?? 0 == 0)
    }

    @Test("the demo's sealed file is served with its key, values shown; without it, its structure with every value withheld")
    func sealedDemoFile() async throws {
        let directory = try TemporaryDirectory("serve-sealed")
        let path = directory.path("sheetlog.sqlite")
        let demo = try await InProcessCommand.run(.sheetlog, ["--db", path, "demo"])
        try #require(demo.status == 0, "\(demo.stderr)")
        let keyless = try ServerProcess.start(executable: Self.executable, database: path)
        let withheld = try await HTTP.get(keyless.url.appendingPathComponent("api/devices/local/sessions/demo-expense/replay"))
        #expect(withheld.status == 200 && withheld.body.contains("newExpense") && !withheld.body.contains("Taxi to the airport"), "\(withheld.body.prefix(300))")
        let page = try await HTTP.get(keyless.url.appendingPathComponent("devices/local/sessions/demo-expense"))
        #expect(page.status == 200 && !page.body.contains("Taxi to the airport") && !page.body.contains("47.50"))
        // Withheld values are markers, never text a value could hold: an object in JSON, markup on the page.
        #expect(withheld.body.contains(#""withheld" : true"#) && !withheld.body.contains(#""[sealed]""#), "\(withheld.body.prefix(600))")
        let state = try await HTTP.get(keyless.url.appendingPathComponent("devices/local/sessions/demo-expense").appending(queryItems: [.init(name: "v", value: "3")]))
        #expect(state.status == 200 && state.body.contains(#"<span class="marker withheld""#) && !state.body.contains("[sealed]"), "\(state.body)")
        // The state endpoint the timeline's script draws its panels from: the same markers, as objects.
        let stateJSON = try await HTTP.get(keyless.url.appendingPathComponent("api/devices/local/sessions/demo-expense/state").appending(queryItems: [.init(name: "at", value: "3")]))
        #expect(stateJSON.status == 200 && stateJSON.body.contains(#""withheld" : true"#) && !stateJSON.body.contains("Taxi to the airport"), "\(stateJSON.body)")
        #expect(try keyless.stop().status == 0)
        let server = try ServerProcess.start(executable: Self.executable, database: path, extra: ["--key-file", directory.path("sheetlog.key")])
        let replay = try await HTTP.get(server.url.appendingPathComponent("api/devices/local/sessions/demo-expense/replay"))
        #expect(replay.status == 200 && replay.body.contains("Taxi to the airport"))
        #expect(try server.stop().status == 0)
        let fleetOnly = try await ProductBinary.runOffThePool(Self.executable, ["serve", "--postgres", "postgres://x@127.0.0.1/y", "--key-file", "k"])
        #expect(fleetOnly.status == 2 && fleetOnly.stderr.contains("--key-file opens a sealed file"), "\(fleetOnly.stderr)")
    }

    @Test("a missing file is refused, exit 1, and nothing is created")
    func missingFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("missing.sqlite").path
        let run = try await ProductBinary.runOffThePool(Self.executable, ["serve", "--db", path, "--port", "0"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("sheetlog-server: "))
        #expect(run.stderr.contains("no SheetLog database at \(path)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("usage errors exit 2", arguments: [
        ["serve", "--port", "70000"], ["serve", "--host", ""], ["serve", "--nope"], ["listen"],
        // Who asked is part of a collector erasure's record: required, before any connection.
        ["erase", "--postgres", "postgres://x@127.0.0.1:1/y", "--subject", "s"],
        ["erase", "--postgres", "postgres://x@127.0.0.1:1/y", "--subject", "s", "--requested-by", ""],
    ])
    func usageErrors(arguments: [String]) async throws {
        let run = try await ProductBinary.runOffThePool(Self.executable, arguments)
        #expect(run.status == 2, "\(run.stderr)")
    }

    @Test("a port already taken: exit 1 with the socket's reason")
    func portInUse() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        let first = try ServerProcess.start(executable: Self.executable, database: fixture.path)
        let port = try #require(first.url.port)
        let second = try await ProductBinary.runOffThePool(Self.executable, ["serve", "--db", fixture.path, "--port", String(port)])
        #expect(second.status == 1)
        #expect(second.stderr.contains("sheetlog-server: cannot listen on 127.0.0.1:\(port): "), "\(second.stderr)")
        #expect(second.stderr.localizedCaseInsensitiveContains("address already in use"))
        _ = try first.stop()
    }
}
