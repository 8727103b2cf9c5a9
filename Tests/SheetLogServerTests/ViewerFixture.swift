import Foundation
import SheetLog
import SheetLogServer
import SheetLogTestSupport

/// A SheetLog file made by the test, the way a user makes one: the demo's six flows recorded by the
/// real `sheetlog demo`, plus a session whose ids, names and values hold markup and quotes.
struct ViewerFixture {
    /// A session id, presentation id, route, field name and value that would run as script or break
    /// out of an attribute if a page wrote them unescaped.
    static let hostileSession = #"<script>alert("session")</script>'&"#
    static let hostilePresentation = #"sheet"><img src=x>"#
    static let hostileRoute = #"route<b>'"#
    static let hostileField = #"field"onmouseover="alert(1)"#
    static let hostileValue = #"</script><script>alert('value')</script>&amp;"#

    let directory: URL
    let path: String

    /// `sheetlog demo` into a new file, then the hostile session through the facade.
    static func make(hostile: Bool = true) async throws -> ViewerFixture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-viewer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("viewer.sqlite").path
        let demo = try await InProcessCommand.run(.sheetlog, ["--db", path, "demo", "--plain"])
        guard demo.status == 0 else { throw FixtureFailure(message: "sheetlog demo failed: \(demo.stderr)") }
        if hostile {
            let database = try SheetLogDatabase.open(path: path)
            let start: Int64 = 1_767_265_200_000  // 2026-01-01T11:00:00Z
            try await database.record(
                .present(presentation: hostilePresentation, route: Route(name: hostileRoute), baseline: [hostileField: "before"]),
                in: hostileSession, occurredAt: start)
            try await database.record(.edit(field: hostileField, value: .string(hostileValue)), in: hostileSession, occurredAt: start + 1_000)
            try await database.record(.attemptDismiss(source: .swipe), in: hostileSession, occurredAt: start + 2_000)
            try database.close()
        }
        return ViewerFixture(directory: directory, path: path)
    }

    func reader() throws -> SQLiteFileReader {
        try SQLiteFileReader.open(path: path)
    }

    /// Runs `sheetlog` (in this process) on the fixture's file.
    func sheetlog(_ arguments: [String]) throws -> ProductBinary.Run {
        try InProcessCommand.run(.sheetlog, ["--db", path] + arguments)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

struct FixtureFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
