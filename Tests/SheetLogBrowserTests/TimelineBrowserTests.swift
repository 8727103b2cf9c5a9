import Foundation
import SheetLog
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// The viewer in a real headless Chromium, checked as a person would check it: what is on screen,
/// what a key press does, where a link lands. One browser at a time (the machine is small).
@Suite("the viewer in Chromium", .serialized, .enabled(if: BrowserHarness.enabled))
struct TimelineBrowserTests {
    static let dialogButtons = "Array.from(document.querySelectorAll('#state .dialog .dialog-button')).map(function (b) { return b.textContent; })"
    static let cards = "Array.from(document.querySelectorAll('#state .sheet-card')).map(function (c) { return c.getAttribute('data-presentation'); })"
    static let selectedRow = "(document.querySelector('.event-row.selected') || {}).textContent"

    @Test("the expense session at v5 shows the alert with Save, Discard Changes and Keep Editing; → moves to v6 and the sheet is gone")
    func expenseAlertThenDiscard() async throws {
        try await BrowserHarness.run { page in
            try await page.open("/")
            try await page.screenshot("sessions")
            try await page.openTimeline("demo-expense", version: 5)
            #expect(try await page.strings(Self.dialogButtons) == ["Save", "Discard Changes", "Keep Editing"])
            // On screen, not merely in the markup: the alert has a size and is what the eye meets at its centre.
            #expect(try await page.value("""
                (function () {
                  var dialog = document.querySelector('#state .dialog'); var box = dialog.getBoundingClientRect();
                  return box.width > 100 && box.height > 80 && dialog.contains(document.elementFromPoint(box.left + box.width / 2, box.top + 20));
                })()
                """) as? Bool == true)
            #expect(try await page.value(Self.selectedRow) as? String == "v509:00:04.000attemptDismissexpenseblocked")
            try await page.screenshot("timeline-expense-v5")

            try await page.browser.press(.arrowRight)
            try await page.waitForState(6)
            #expect(try await page.strings(Self.cards) == [])
            #expect(try await page.value("document.querySelector('#state .empty-stack').textContent") as? String == "No sheet on screen.")
            #expect(try await page.browser.currentURL().hasSuffix("/devices/local/sessions/demo-expense?v=6"))
            #expect(try await page.value("document.getElementById('scrubber').value") as? String == "6")
            #expect(try await page.value("document.querySelector('.event-row.selected').getAttribute('data-version')") as? String == "6")
            try await page.screenshot("timeline-expense-v6")

            try await page.browser.press(.home)
            try await page.waitForState(1)
            try await page.browser.press(.end)
            try await page.waitForState(6)
        }
    }

    @Test("the stack flow at v4 shows three cards, bottom to top, the top one in front")
    func stackOfThree() async throws {
        try await BrowserHarness.run { page in
            try await page.openTimeline("demo-stack", version: 4)
            #expect(try await page.strings(Self.cards) == ["items", "item", "share"])
            #expect(try await page.value("""
                (function () {
                  var top = document.querySelector('#state .sheet-card.top'); var box = top.getBoundingClientRect();
                  var hit = document.elementFromPoint(box.left + box.width / 2, box.top + 12);
                  return hit.closest('.sheet-card').getAttribute('data-presentation');
                })()
                """) as? String == "share")
            try await page.screenshot("timeline-stack-v4")
        }
    }

    @Test("an audit row's link lands on that dismissal's version")
    func auditLinkLandsOnTheVersion() async throws {
        try await BrowserHarness.run { page in
            try await page.open("/devices/local/audit", until: "document.querySelector('tr[data-position=\"18\"]') !== null")
            try await page.screenshot("audit")
            try await page.browser.click(try await page.browser.element("tr[data-position=\"18\"] a.open"))
            try await page.browser.waitFor("the timeline of demo-stack", "return location.pathname === '/devices/local/sessions/demo-stack' && document.querySelector('#timeline[data-ready]') !== null;")
            try await page.waitForState(6)
            #expect(try await page.browser.currentURL().hasSuffix("?v=6"))
            #expect(try await page.strings(Self.dialogButtons) == ["Discard Changes", "Keep Editing"])
            #expect(try await page.value("document.querySelector('#state .step-head .badge').textContent") as? String == "blocked")
        }
    }

    @Test("a deep link ?v=3 opens at v3")
    func deepLink() async throws {
        try await BrowserHarness.run { page in
            try await page.openTimeline("demo-expense", version: 3)
            try await page.waitForState(3)
            #expect(try await page.value("document.getElementById('position').textContent") as? String == "v3 of 6")
            #expect(try await page.value("document.getElementById('scrubber').value") as? String == "3")
            #expect(try await page.value("document.querySelector('.event-row.selected').getAttribute('data-version')") as? String == "3")
            #expect(try await page.strings("Array.from(document.querySelectorAll('#state tr.changed-now')).map(function (r) { return r.getAttribute('data-field'); })") == ["category"])
            try await page.open("/devices/local/drafts")
            try await page.screenshot("drafts")
        }
    }

    @Test("play at 16× runs to the last version and stops")
    func playback() async throws {
        try await BrowserHarness.run { page in
            try await page.openTimeline("demo-expense", version: 1)
            try await page.browser.execute("document.getElementById('speed').value = '16';")
            try await page.browser.click(try await page.browser.element("#play"))
            try await page.browser.waitFor("playback to reach v6 and stop", """
                var timeline = document.getElementById('timeline');
                return timeline.getAttribute('data-version') === '6' && !timeline.hasAttribute('data-playing') && !timeline.hasAttribute('data-loading');
                """)
            #expect(try await page.value("document.getElementById('state').getAttribute('data-version')") as? String == "6")
            #expect(try await page.value("document.getElementById('play').textContent") as? String == "Play")
        }
    }

    @Test("a 2,000-event session keeps only the rows in view in the DOM; End reaches the last version")
    func longSessionIsWindowed() async throws {
        try await BrowserHarness.run(prepare: { path in
            let database = try SheetLogDatabase.open(path: path)
            var commands = [CommandEnvelope(session: "long", command: .present(presentation: "form", route: Route(name: "notes")), id: "long-0", occurredAt: 1_767_268_800_000)]
            for index in 1..<2_000 {
                commands.append(CommandEnvelope(
                    session: "long", command: .edit(field: "text", value: .string("draft \(index)")), id: "long-\(index)", occurredAt: 1_767_268_800_000 + Int64(index) * 250))
            }
            _ = try await database.record(commands, states: .afterBatch)
            try database.close()
        }) { page in
            try await page.openTimeline("long")
            #expect(try await page.value("document.getElementById('position').textContent") as? String == "v2000 of 2000")
            let rows = try #require(try await page.value("document.querySelectorAll('.event-row').length") as? Int)
            #expect(rows > 10 && rows < 100)
            try await page.browser.press(.home)
            try await page.waitForState(1)
            #expect(try await page.value("document.querySelector('.event-row.selected').getAttribute('data-version')") as? String == "1")
            try await page.browser.press(.end)
            try await page.waitForState(2000)
            #expect(try await page.value("document.querySelectorAll('.event-row').length") as? Int ?? 0 < 100)
        }
    }

    @Test("a session a prune carried: the timeline starts at its first kept version, says where it begins, and draws that version against the carried state")
    func carriedSessionTimeline() async throws {
        try await BrowserHarness.run(prepare: { path in
            let database = try SheetLogDatabase.open(path: path)
            let start: Int64 = 1_767_268_800_000
            try await database.record(.present(presentation: "expense", route: Route(name: "newExpense")), in: "carried", occurredAt: start)
            try await database.record(.edit(field: "amount", value: "47.50"), in: "carried", occurredAt: start + 1_000)
            _ = try await database.prune(before: Date().addingTimeInterval(60))
            try await database.record(.edit(field: "amount", value: "48.00"), in: "carried", occurredAt: start + 5_000)
            try await database.record(.attemptDismiss(source: .swipe), in: "carried", occurredAt: start + 6_000)
            try database.close()
        }) { page in
            try await page.openTimeline("carried")
            #expect(try await page.value("document.getElementById('position').textContent") as? String == "v4 of 4")
            #expect((try await page.value("document.getElementById('carried-base').textContent") as? String)?.contains("versions 1–2 were pruned") == true)
            #expect(try await page.value("document.getElementById('scrubber').min") as? String == "3")
            #expect(try await page.value("document.querySelectorAll('.event-row').length") as? Int == 2)
            try await page.browser.press(.home)
            try await page.waitForState(3)
            #expect(try await page.value("document.querySelector('.event-row.selected').getAttribute('data-version')") as? String == "3")
            // Drawn by the script against the carried state: no request for the pruned version 2.
            #expect(try await page.value("document.querySelector('.panel-error') === null") as? Bool == true)
            #expect(try await page.value("document.getElementById('state').textContent.indexOf('48.00') >= 0") as? Bool == true)
            #expect(try await page.value("document.querySelectorAll('#state .changed-now').length > 0") as? Bool == true)
            try await page.browser.press(.arrowLeft)
            try await page.waitForState(3)
            #expect(try await page.value("document.getElementById('position').textContent") as? String == "v3 of 4")
            try await page.screenshot("timeline-carried-v3")
            try await page.browser.press(.end)
            try await page.waitForState(4)
        }
    }

    @Test("a session that restored the crash's draft: the timeline's bug-report link is on screen and downloads the CLI's redacted, self-contained export")
    func bugReportLink() async throws {
        var expected = ""
        try await BrowserHarness.run(prepare: { path in
            let database = try SheetLogDatabase.open(path: path)
            _ = try await database.record(.restoreDraft(from: DraftReference(session: "demo-crash", presentation: "expense"), as: "again"), in: "bug")
            try database.close()
            let export = try await InProcessCommand.run(.sheetlog, ["--db", path, "export", "--session", "bug", "--self-contained", "--redact"])
            try #require(export.status == 0, "\(export.stderr)")
            expected = export.stdout
        }) { page in
            try await page.openTimeline("bug")
            #expect(try await page.value("""
                (function () { var box = document.getElementById('bug-report').getBoundingClientRect(); return box.width > 0 && box.height > 0; })()
                """) as? Bool == true)
            // What the browser downloads: the link's target, fetched by the page itself.
            try await page.browser.execute("""
                window.bugReport = null;
                fetch(document.getElementById('bug-report').href).then(function (r) { return r.text(); }).then(function (t) { window.bugReport = t; });
                """)
            _ = try await page.browser.waitFor("the export", "return typeof window.bugReport === 'string';")
            let body = try #require(try await page.value("window.bugReport") as? String)
            #expect(body == expected)
            #expect(body.split(separator: "\n").count > 2, "the crash's commands up to the restore come along")
            #expect(!body.contains("Café Nord") && !body.contains("12.80"))
        }
    }

    /// Records `session` with `events` events into the file at `path`: a form, then edits a quarter second apart.
    static func record(_ session: String, events: Int, into path: String) async throws {
        let database = try SheetLogDatabase.open(path: path)
        let start: Int64 = 1_767_268_800_000
        var commands = [CommandEnvelope(session: session, command: .present(presentation: "form", route: Route(name: "notes")), id: "\(session)-0", occurredAt: start)]
        for index in 1..<events {
            commands.append(CommandEnvelope(
                session: session, command: .edit(field: "field\(index % 8)", value: .string("draft \(index)")), id: "\(session)-\(index)",
                occurredAt: start + Int64(index) * 250))
        }
        _ = try await database.record(commands, states: .afterBatch)
        try database.close()
    }

    @Test("a 10,000-event timeline is usable about as soon as a 100-event one; the scrubber fetches one state, never the replay")
    func longTimelineScrubsOneStateAtATime() async throws {
        try await BrowserHarness.run(prepare: { path in
            try await Self.record("long", events: 10_000, into: path)
            try await Self.record("short", events: 100, into: path)
        }) { page in
            // From navigation to a drawn list and a shown state (the script's data-ready-at), median of 3.
            func readyAt(_ session: String) async throws -> Double {
                var samples: [Double] = []
                for _ in 0..<3 {
                    try await page.openTimeline(session)
                    samples.append(Double(try #require(try await page.value("document.getElementById('timeline').getAttribute('data-ready-at')") as? String) ?? "") ?? .nan)
                }
                return samples.sorted()[1]
            }
            let short = try await readyAt("short")
            let long = try await readyAt("long")
            print("state-at-scale: timeline usable in Chromium after \(long) ms (10,000 events) against \(short) ms (100 events), ratio \(String(format: "%.2f", long / short))")

            _ = try await page.value("(function () { var s = document.getElementById('scrubber'); s.value = '5000'; s.dispatchEvent(new Event('input')); return true; })()")
            try await page.waitForState(5000)
            #expect(try await page.value("document.getElementById('state-json').getAttribute('href')") as? String == "/api/devices/local/sessions/long/state?at=5000")
            let fetched = try await page.strings("performance.getEntriesByType('resource').map(function (e) { return e.name; })")
            #expect(fetched.contains { $0.hasSuffix("/api/devices/local/sessions/long/state?at=5000") }, "\(fetched)")
            #expect(!fetched.contains { $0.contains("/replay") }, "\(fetched)")
            let panelBytes = try #require(try await page.value("""
                performance.getEntriesByType('resource').filter(function (e) { return e.name.indexOf('state?at=5000') >= 0; })[0].encodedBodySize
                """) as? Int)
            #expect(panelBytes < 20_000)
        }
    }
}
