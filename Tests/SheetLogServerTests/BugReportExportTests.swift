import Foundation
import HummingbirdTesting
import SheetLogTestSupport
import SheetLogServer
import Testing

/// The timeline's "export for a bug report" link: the session's self-contained export, redacted by
/// default, byte for byte what `sheetlog export --session S --self-contained --redact` prints.
@Suite("GET /api/devices/{device}/sessions/{session}/export")
struct BugReportExportTests {
    @Test("the timeline links the redacted export, which is the CLI's bytes; redact=false is the CLI's without --redact")
    func theLinkDownloadsTheCLIsExport() async throws {
        let fixture = try await SharedFixture.fixture()
        let session = "demo-expense"
        let redacted = try fixture.sheetlog(["export", "--session", session, "--self-contained", "--redact"])
        let plain = try fixture.sheetlog(["export", "--session", session, "--self-contained"])
        #expect(redacted.status == 0 && plain.status == 0, "\(redacted.stderr) \(plain.stderr)")
        #expect(redacted.stdout != plain.stdout)
        try await withViewer(try fixture.reader()) { client async throws in
            let page = try await client.get("/devices/local/sessions/\(session)")
            let link = "<a id=\"bug-report\" href=\"/api/devices/local/sessions/\(session)/export\" download>export for a bug report</a>"
            #expect(page.body.contains(link), "the timeline has the link")
            let answer = try await client.get("/api/devices/local/sessions/\(session)/export")
            #expect(answer.status == .ok)
            #expect(answer.contentType == "application/jsonl; charset=utf-8")
            #expect(answer.headers[.contentDisposition] == "attachment; filename=\"bug-report-redacted.jsonl\"")
            #expect(answer.body == redacted.stdout)
            let full = try await client.get("/api/devices/local/sessions/\(session)/export?redact=false")
            #expect(full.body == plain.stdout)
            let bad = try await client.get("/api/devices/local/sessions/\(session)/export?redact=yes")
            #expect(bad.status == .badRequest)
            #expect(try bad.error().message == "parameter redact must be true or false")
            let missing = try await client.get("/api/devices/local/sessions/no-such-session/export")
            #expect(missing.status == .notFound)
        }
    }

    @Test("a sealed file served without its key: 409 keyUnavailable, no value written")
    func sealedWithoutKey() async throws {
        let directory = try TemporaryDirectory("sealed-export")
        let path = directory.path("sealed.sqlite")
        let key = directory.path("sealed.key")
        #expect(try await InProcessCommand.run(.sheetlog, ["keygen", key]).status == 0)
        #expect(try await InProcessCommand.run(.sheetlog, ["--db", path, "--key-file", key, "demo"]).status == 0)
        let answer = try await withViewer(try SQLiteFileReader.open(path: path)) { client async throws in
            try await client.get("/api/devices/local/sessions/demo-expense/export")
        }
        #expect(answer.status == .conflict)
        #expect(try answer.error().code == "keyUnavailable")
        #expect(!answer.body.contains("Taxi"))
    }
}
