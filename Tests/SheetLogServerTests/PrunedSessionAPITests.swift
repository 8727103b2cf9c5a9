import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

/// The viewer on a pruned file (issue 37, slice A): a pruned session is gone, 410, naming the pruning
/// as `sheetlog replay` does.
@Suite("the viewer on a pruned file")
struct PrunedSessionAPITests {
    @Test("replay and audit of a pruned session answer 410 with the CLI's message; a kept session reads as before")
    func aPrunedSessionIsGone() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        let prune = try fixture.sheetlog(["prune", "--before", "2100-01-01"])
        #expect(prune.status == 0, "\(prune.stderr)")
        let sessions = ["demo-expense", "demo-stack", "demo-crash", "demo-relaunch"]
        let refusals = try sessions.map { (session: $0, run: try fixture.sheetlog(["replay", $0])) }
        let pruned = try #require(refusals.first { $0.run.stderr.contains("was pruned on") }, "\(prune.stdout)")
        let kept = refusals.first { $0.run.status == 0 }
        try await withViewer(try fixture.reader()) { client async throws in
            for uri in ["/api/devices/local/sessions/\(pruned.session)/replay", "/api/devices/local/audit?session=\(pruned.session)"] {
                let answer = try await client.get(uri)
                #expect(answer.status.code == 410, "\(uri)")
                let error = try answer.error()
                #expect(error.code == "pruned")
                #expect("sheetlog: \(error.message)\n" == pruned.run.stderr)
            }
            if let kept {
                #expect(try await client.get("/api/devices/local/sessions/\(kept.session)/replay").status == .ok)
            }
        }
    }

    @Test("the sessions page and the audit page say where the kept log begins, as `sheetlog audit` does")
    func pagesSayWhereTheKeptLogBegins() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        try await withViewer(try fixture.reader()) { client async throws in
            for uri in ["/", "/devices/local/audit"] {
                let page = try await client.get(uri)
                #expect(!page.body.contains("kept log"), "a log never pruned says nothing of it: \(uri)")
            }
        }
        #expect(try fixture.sheetlog(["prune", "--before", "2100-01-01"]).status == 0)
        let audit = try fixture.sheetlog(["audit"])
        let sentence = try #require(audit.stdout.split(separator: "\n").first { $0.hasPrefix("The log was pruned") }, "\(audit.stdout)")
        #expect(sentence.contains("the kept log begins at position"))
        try await withViewer(try fixture.reader()) { client async throws in
            for uri in ["/", "/devices/local/audit"] {
                let page = try await client.get(uri)
                #expect(page.status == .ok, "\(uri)")
                #expect(page.body.contains("<p class=\"kept-log\">\(sentence)</p>"), "\(uri)")
            }
        }
    }
}
