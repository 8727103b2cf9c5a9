import Foundation
import HummingbirdTesting
import SheetLogServer
import SheetLogTestSupport
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

    @Test("a carried session's timeline starts at its first kept version and says where it begins; before it, 410 naming the pruning")
    func aCarriedSessionsTimeline() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        func ingest(_ lines: [String]) throws {
            let run = try InProcessCommand.run(.sheetlog, ["--db", fixture.path, "ingest", "-"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
            #expect(run.status == 0, "\(run.stderr)")
        }
        try ingest([
            #"{"session":"c","type":"present","presentation":"expense","route":{"name":"newExpense"},"required":["amount"],"at":"2026-01-01T09:00:00.000Z"}"#,
            #"{"session":"c","type":"edit","field":"amount","value":"47.50","at":"2026-01-01T09:00:01.000Z"}"#,
            #"{"session":"d","type":"present","presentation":"note","route":{"name":"note"},"at":"2026-01-01T09:00:00.000Z"}"#,
            #"{"session":"d","type":"edit","field":"text","value":"kept draft","at":"2026-01-01T09:00:02.000Z"}"#,
        ])
        #expect(try fixture.sheetlog(["prune", "--before", "2100-01-01"]).status == 0)
        try ingest([
            #"{"session":"c","type":"edit","field":"amount","value":"48.00","at":"2026-01-01T09:00:05.000Z"}"#,
            #"{"session":"c","type":"attemptDismiss","source":"swipe","at":"2026-01-01T09:00:06.000Z"}"#,
        ])
        try await withViewer(try fixture.reader()) { client async throws in
            let page = try await client.get("/devices/local/sessions/c")
            #expect(page.status == .ok)
            for text in [#"data-first-version="3""#, #"data-versions="4""#, #"data-version="4""#, #"id="timeline-base""#,
                         #"min="3" max="4""#, "v4 of 4", "2 events", "Begins from the state carried by the prune of ", ": versions 1–2 were pruned.",
                         "no bug report: its first commands were pruned"] {
                #expect(page.body.contains(text), "\(text)")
            }
            // The first kept version: its panel marks what changed from the carried state.
            let first = try await client.get("/devices/local/sessions/c?v=3")
            #expect(first.status == .ok)
            #expect(first.body.contains("48.00") && first.body.contains(#"data-version="3""#))
            // Before it the log holds nothing: refused naming the pruning, as `sheetlog state c --at 2` is.
            let before = try await client.get("/devices/local/sessions/c?v=2")
            #expect(before.status.code == 410, "\(before.body)")
            #expect(before.body.contains("was pruned through version 2"), "\(before.body)")
            #expect(try await client.get("/devices/local/sessions/c?v=5").status == .notFound)
            // Carried, and nothing came since: the carried state, no list.
            let carried = try await client.get("/devices/local/sessions/d")
            #expect(carried.status == .ok)
            for text in ["carried by a prune", "kept draft", "no kept event", ": versions 1–2 were pruned."] {
                #expect(carried.body.contains(text), "\(text)")
            }
            #expect(!carried.body.contains("timeline-events"))
        }
    }
}
