import Foundation
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// The timeline's scrubber draws each version's panel from the state endpoint's JSON: what it shows
/// is the state `sheetlog state --json` gives for that version, drawn as the server draws the page's
/// own panel, and the server served states, never a replay.
@Suite("the scrubber and the state endpoint", .serialized, .enabled(if: BrowserHarness.enabled))
struct ScrubberStateBrowserTests {
    /// A sheet of the panel as a person reads it: its id, route, values and baselines as the cells
    /// show them, whether it is dirty, and the buttons of its alert (nil without one).
    struct Sheet: Codable, Equatable, CustomStringConvertible {
        var presentation: String
        var route: String
        var dirty: Bool
        var values: [String: String]
        var baseline: [String: String]
        var buttons: [String]?

        var description: String { "\(presentation)(\(route)) dirty=\(dirty) values=\(values) baseline=\(baseline) buttons=\(buttons ?? [])" }
    }

    /// The panel's sheets, read from the page.
    static let panelSheets = """
        JSON.stringify(Array.from(document.querySelectorAll('#state .sheet-card')).map(function (card) {
          function cells(kind) {
            var found = {};
            card.querySelectorAll('tr.field').forEach(function (row) { found[row.getAttribute('data-field')] = row.querySelector('td.' + kind).textContent; });
            return found;
          }
          var dialog = card.querySelector('.dialog');
          return { presentation: card.getAttribute('data-presentation'), route: card.querySelector('.sheet-route').textContent,
                   dirty: card.classList.contains('dirty'), values: cells('value'), baseline: cells('baseline'),
                   buttons: dialog ? Array.from(dialog.querySelectorAll('.dialog-button')).map(function (b) { return b.textContent; }) : null };
        }))
        """

    /// The panel's elements (tag and classes, in document order) and its text without white space:
    /// the script's panel and the server's must agree on both.
    static let panelShape = """
        (function () {
          var state = document.getElementById('state');
          var tags = Array.from(state.querySelectorAll('*')).map(function (e) { return e.tagName.toLowerCase() + '.' + (e.getAttribute('class') || ''); });
          return JSON.stringify([tags, state.textContent.replace(/\\s+/g, '')]);
        })()
        """

    /// A value as the panel's cell shows it (ValueText.cell): a dash for nothing, markers as their words.
    static func cell(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return "—"
        case let text as String: return text.isEmpty ? "—" : text
        case let marker as [String: Any]: return marker["erased"] != nil ? "erased" : "••••"
        case let other?: return "\(other)"
        }
    }

    /// The sheets `sheetlog state --json` gives, as the panel should show them; `shown` lists each
    /// sheet's field rows (the panel also lists required fields that have no value yet).
    static func expected(_ json: String, shown: [Sheet]) throws -> [Sheet] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let stack = try #require((object["state"] as? [String: Any])?["stack"] as? [[String: Any]])
        return stack.map { sheet in
            let id = sheet["presentation"] as? String ?? ""
            let values = sheet["values"] as? [String: Any] ?? [:]
            let baseline = sheet["baseline"] as? [String: Any] ?? [:]
            let listed = shown.first { $0.presentation == id }.map { Set($0.values.keys) } ?? []
            let rows = Set(values.keys).union(baseline.keys).union(listed)
            let pending = sheet["pendingConfirmation"] as? [String: Any]
            return Sheet(
                presentation: id, route: (sheet["route"] as? [String: Any])?["name"] as? String ?? "", dirty: sheet["dirty"] as? Bool ?? false,
                values: Dictionary(uniqueKeysWithValues: rows.map { ($0, cell(values[$0])) }),
                baseline: Dictionary(uniqueKeysWithValues: rows.map { ($0, cell(baseline[$0])) }),
                buttons: pending.map { ($0["offersSave"] as? Bool == true ? ["Save"] : []) + ["Discard Changes", "Keep Editing"] })
        }
    }

    struct Walk: Sendable, CustomTestStringConvertible {
        var session: String
        var versions: [Int]
        var testDescription: String { "\(session) at v\(versions.map(String.init).joined(separator: ", v"))" }
    }

    @Test(
        "scrubbing draws the state sheetlog state --json gives, as the server draws it; the server served the state endpoint, never the replay",
        arguments: [Walk(session: "demo-expense", versions: [1, 3, 5, 2, 6, 4]), Walk(session: "demo-stack", versions: [4, 1, 6, 3, 5, 2])])
    func scrubbedPanelsAreTheCommandsStates(_ walk: Walk) async throws {
        var states: [Int: String] = [:]
        let exit = try await BrowserHarness.run(serverArguments: ["--verbose"], prepare: { path in
            for version in walk.versions {
                let state = try await InProcessCommand.run(.sheetlog, ["--db", path, "state", walk.session, "--at", "\(version)", "--json"])
                try #require(state.status == 0, "\(state.stderr)")
                states[version] = state.stdout
            }
        }) { page in
            try await page.openTimeline(walk.session)
            var drawn: [Int: String] = [:]
            for version in walk.versions {
                try await page.value("(function () { var s = document.getElementById('scrubber'); s.value = '\(version)'; s.dispatchEvent(new Event('input')); return true; })()")
                try await page.waitForState(version)
                let shown = try JSONDecoder().decode([Sheet].self, from: Data(try #require(try await page.value(Self.panelSheets) as? String).utf8))
                #expect(shown == (try Self.expected(try #require(states[version]), shown: shown)), "v\(version)")
                drawn[version] = try #require(try await page.value(Self.panelShape) as? String)
            }
            let fetched = try await page.strings("performance.getEntriesByType('resource').map(function (e) { return e.name; })")
            #expect(fetched.contains { $0.hasSuffix("/api/devices/local/sessions/\(walk.session)/state?at=\(walk.versions[0])") }, "\(fetched)")
            #expect(!fetched.contains { $0.contains("/replay") || $0.contains("state?v=") }, "\(fetched)")
            // The page the server draws for each version (no script involved in its panel) has the same panel.
            for version in walk.versions {
                try await page.openTimeline(walk.session, version: version)
                #expect(try await page.value(Self.panelShape) as? String == drawn[version], "v\(version)")
            }
        }
        // The server's own account (`--verbose`: a line per request, the path without its query).
        let requests = exit.stderr.split(separator: "\n").filter { $0.contains("GET /") }
        let states200 = requests.filter { $0.contains("GET /api/devices/local/sessions/\(walk.session)/state 200") }
        #expect(states200.count >= walk.versions.count, "\(requests)")
        #expect(!requests.contains { $0.contains("/replay") }, "\(requests)")
    }
}
