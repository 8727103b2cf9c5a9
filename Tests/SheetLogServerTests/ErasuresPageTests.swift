import Foundation
import SheetLog
import SheetLogServer
import SheetLogTestSupport
import Testing

/// The viewer's Erasures page and `/api/devices/{device}/erasures`: the rows of `sheetlog erasures`,
/// stored strings shown as text, the same bytes as the CLI's `--json` and `--csv`.
@Suite("the viewer's erasures")
struct ErasuresPageTests {
    static let subject = #"<b>ann</b>"'"#
    static let requester = #"=HYPERLINK("http://example.invalid")<script>"#
    static let session = #"s<img src=x>"#

    /// A sealed file where `subject` (one open session, one ended) was erased by `requester`.
    struct ErasedFile {
        let directory: TemporaryDirectory
        let path: String
        let keyFile: String
        let key: MasterKey
        let report: ErasureReport

        init() async throws {
            directory = try TemporaryDirectory("viewer-erasures")
            path = directory.path("sealed.sqlite")
            keyFile = directory.path("sealed.key")
            let keygen = try await InProcessCommand.run(.sheetlog, ["keygen", keyFile])
            guard keygen.status == 0 else { throw FixtureFailure(message: keygen.stderr) }
            key = try KeyFile(path: keyFile).masterKey()
            var options = SheetLogDatabase.Options()
            options.keys = key
            let database = try SheetLogDatabase.open(path: path, options: options)
            try await database.record(.present(presentation: "p1", route: Route(name: "note"), baseline: ["a": "b"]), in: session, subject: subject)
            try await database.record(.present(presentation: "p1", route: Route(name: "note")), in: "ended", subject: subject)
            try await database.record(.endSession, in: "ended")
            try await database.record(.present(presentation: "p1", route: Route(name: "note")), in: "other", subject: "bob")
            report = try await database.erase(subject: subject, requestedBy: requester)
            try database.close()
        }

        func reader() throws -> SQLiteFileReader {
            var options = SheetLogDatabase.Options()
            options.keys = key
            return try SQLiteFileReader.open(path: path, options: options)
        }

        func sheetlog(_ arguments: [String]) async throws -> ProductBinary.Run {
            try await InProcessCommand.run(.sheetlog, ["--db", path] + arguments)
        }
    }

    @Test("the page lists the erasure, its stored strings as text, each closed session linked to its timeline", arguments: Transport.allCases)
    func thePage(transport: Transport) async throws {
        let file = try await ErasedFile()
        let page = try await withViewer(try file.reader(), transport.setup) { try await $0.get("/devices/local/erasures") }
        #expect(page.status == .ok)
        #expect(page.contentType?.hasPrefix("text/html") == true)
        for raw in [Self.subject, Self.requester, Self.session] {
            #expect(!page.body.contains(raw), "\(raw) unescaped")
        }
        #expect(!page.body.contains("<b>ann") && !page.body.contains("<img"))
        #expect(page.body.contains("&lt;b&gt;ann&lt;/b&gt;&quot;&#39;"))
        #expect(page.body.contains("=HYPERLINK(&quot;http://example.invalid&quot;)&lt;script&gt;"))
        #expect(page.body.contains("<a class=\"id\" href=\"\(ViewerPaths.timeline(device: "local", session: Self.session))\">s&lt;img src=x&gt;</a>"))
        #expect(!page.body.contains("href=\"/devices/local/sessions/ended\""), "the ended session was not closed by the erasure")
        #expect(page.body.contains("<td class=\"number\">\(file.report.position ?? 0)</td>"))
        #expect(page.body.contains("<td class=\"number\">2</td>"), "two sessions read as [erased]")
        #expect(page.body.contains("<a href=\"/devices/local/erasures\" aria-current=\"page\">Erasures</a>"))
        #expect(HTMLProbe.matches(#"\s(on[a-z]+|style)\s*="#, in: page.body).isEmpty)
    }

    @Test("the API answers the CLI's bytes: JSON, and CSV with formulas neutralised", arguments: Transport.allCases)
    func theAPI(transport: Transport) async throws {
        let file = try await ErasedFile()
        let (json, csv) = try await withViewer(try file.reader(), transport.setup) { client in
            (try await client.get("/api/devices/local/erasures"), try await client.get("/api/devices/local/erasures?format=csv"))
        }
        #expect(json.status == .ok)
        #expect(json.body == (try await file.sheetlog(["erasures", "--json"])).stdout)
        let rows = try #require(try json.json() as? [[String: Any]])
        #expect(rows.map { $0["subject"] as? String } == [Self.subject])
        #expect(rows.first?["closedSessions"] as? [String] == [Self.session])
        #expect(rows.first?["requestedBy"] as? String == Self.requester)
        #expect(csv.status == .ok)
        #expect(csv.body == (try await file.sheetlog(["erasures", "--csv"])).stdout)
        #expect(CSVFormulaTests.cells(csv.body).dropFirst().first?[3] == "'" + Self.requester)
    }

    @Test("every device page links to the erasures; a log without any says so")
    func navigationAndEmpty() async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader()) { client in
            for path in ["/devices/local/sessions", "/devices/local/audit", "/devices/local/drafts", "/devices/local/sessions/demo-expense"] {
                #expect(try await client.get(path).body.contains("<a href=\"/devices/local/erasures\">Erasures</a>"), "\(path)")
            }
            let empty = try await client.get("/devices/local/erasures")
            #expect(empty.status == .ok)
            #expect(empty.body.contains("No erasures."))
            #expect(try await client.get("/api/devices/local/erasures").body == "[]\n")
            #expect(try await client.get("/api/devices/nowhere/erasures").status == .notFound)
            #expect(try await client.get("/api/devices/local/erasures?format=xml").status == .badRequest)
            #expect(try await client.get("/devices/local/erasures?x=1").status == .badRequest)
        }
    }
}
