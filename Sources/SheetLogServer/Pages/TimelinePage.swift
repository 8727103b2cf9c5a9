import Foundation
import SheetLog
import SheetLogJSON
import SheetLogReports

/// `/devices/{device}/sessions/{session}?v=N`: the event list on the left, the state after version
/// N on the right, the replay controls above.
///
/// The event list is drawn by the page's script from the compact rows embedded in the page, only
/// the rows in view at a time (a 10,000-event session never has 10,000 rows in the DOM); the state
/// panel of the version opened is rendered here, and the script draws the panel of each version it
/// moves to from the state endpoint's JSON (`GET /api/…/state?at=V`). Without the script, the
/// page's links open the other versions (`?at=V`).
enum TimelinePage {
    /// `display` says whether the values are shown, masked (with the Reveal button) or revealed
    /// (with who revealed them, and until when; the links then carry the reveal).
    /// `events` are every event of the session (the list), `moment` the version shown. A session a
    /// prune carried (`base`) begins after the carried version: the page says so, the list and the
    /// controls start at the first kept version, and its script reads the carried state as the step
    /// before it.
    static func render(
        device: String, session: String, events: [(event: RecordedEvent, sheetEvent: SheetEvent)], moment: ReplayMoment,
        base: ReplayBase? = nil, display: ValueDisplay = .open
    ) throws(SheetLogError) -> HTML {
        let step = moment.step
        let version = step.version
        let firstVersion = (base?.version ?? 0) + 1
        let versions = events.last?.event.version ?? Int64(events.count)
        let first = events.first?.event.occurredAt
        let last = events.last?.event.occurredAt
        let kept = events.count
        let content: HTML = """
            <section class="timeline" id="timeline" data-versions="\(versions)" data-version="\(version)" data-first-version="\(firstVersion)" \
            data-state-url="\(ViewerPaths.apiState(device: device, session: session, reveal: display.revealID))" \
            data-version-query="\(ViewerPaths.timelineVersionQuery(session: session, reveal: display.revealID))">
            <header class="page-head">
            <h1>Session <span class="id">\(session)</span></h1>
            <p class="summary">\(kept) \(kept == 1 ? "event" : "events") · \(TimeText.describe(first)) → \(TimeText.describe(last)) · \
            <a href="\(ViewerPaths.apiReplay(device: device, session: session, reveal: display.revealID))">replay JSON</a> · \
            <a id="state-json" href="\(ViewerPaths.apiState(device: device, session: session, reveal: display.revealID))\(version)" \
            data-base="\(ViewerPaths.apiState(device: device, session: session, reveal: display.revealID))">state JSON</a> · \
            <a href="\(ViewerPaths.audit(device: device, query: [("session", session)]))">dismissals</a> · \
            \(bugReportLink(device: device, session: session, carried: base != nil))</p>
            \(baseLine(base))
            \(revealBar(device: device, session: session, version: version, display: display))
            </header>
            \(controls(version: version, first: firstVersion, versions: versions))
            <div class="timeline-body">
            <nav class="event-list" id="event-list" aria-label="Events" tabindex="0"><div class="event-spacer"></div></nav>
            <div class="state-panel" id="state-panel" aria-live="polite">\(StatePanel.render(step: step, previous: moment.previous, mask: display.mask))</div>
            </div>
            <noscript><p>The event list and the replay controls need JavaScript; the state above is version \(version). \
            Use <code>?at=N</code> (a version or a time) to open another one.</p>\
            \(versionLinks(device: device, session: session, version: version, first: firstVersion, versions: versions, display: display))</noscript>
            <script type="application/json" id="timeline-events">\(HTML(trusted: rowsJSON(events)))</script>
            <script type="application/json" id="timeline-sheets">\(HTML(trusted: sheetsJSON(events, base: base)))</script>
            \(try baseJSON(base, mask: display.mask))
            </section>
            """
        return PageLayout.render(title: "Session \(session) v\(version)", page: "timeline", device: device, section: .sessions, content: content)
    }

    /// The page of a session a prune carried and nothing came to since: the carried state, no list.
    static func render(device: String, session: String, base: ReplayBase, display: ValueDisplay = .open) throws(SheetLogError) -> HTML {
        let content: HTML = """
            <section class="timeline carried-only" id="carried-state" data-version="\(base.version)">
            <header class="page-head">
            <h1>Session <span class="id">\(session)</span></h1>
            <p class="summary">no kept event · \
            <a href="\(ViewerPaths.apiState(device: device, session: session, reveal: display.revealID))\(base.version)">state JSON</a></p>
            \(baseLine(base))
            </header>
            <div class="state-panel" id="state-panel">\(StatePanel.render(base: base, mask: display.mask))</div>
            </section>
            """
        return PageLayout.render(title: "Session \(session) v\(base.version)", page: "timeline", device: device, section: .sessions, content: content)
    }

    /// The bug report's link; none for a carried session, whose export is refused (its first commands are gone).
    private static func bugReportLink(device: String, session: String, carried: Bool) -> HTML {
        guard !carried else { return "<span class=\"no-bug-report\">no bug report: its first commands were pruned</span>" }
        return "<a id=\"bug-report\" href=\"\(ViewerPaths.apiExport(device: device, session: session))\" download>export for a bug report</a>"
    }

    /// Where a carried session's kept log begins, as `sheetlog replay` says it first.
    private static func baseLine(_ base: ReplayBase?) -> HTML {
        guard let base else { return .empty }
        var sentence = ReplayText.baseSentence(base)
        sentence = sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
        return "<p class=\"kept-log\" id=\"carried-base\">\(sentence)</p>"
    }

    /// The carried state as the step before the first kept one, for the script's panel of that version.
    private static func baseJSON(_ base: ReplayBase?, mask: ValueMask) throws(SheetLogError) -> HTML {
        guard let base else { return .empty }
        var json = JSONWriter()
        json.rawText(try ReplayReport.json(base: base, mask: mask))
        return "<script type=\"application/json\" id=\"timeline-base\">\(HTML(trusted: json.scriptSafeText))</script>"
    }

    /// The fleet's line about the values: masked, with the button that reveals them (a recorded
    /// POST), or revealed, to whom and until when.
    private static func revealBar(device: String, session: String, version: Int64, display: ValueDisplay) -> HTML {
        switch display {
        case .open:
            return .empty
        case .masked(mayReveal: false):
            return """
                <p class="reveal-bar masked">Form values are masked (••••). Revealing a session's values takes a reader token made \
                with <code>--reveal</code>; every reveal is recorded in the <a href="\(ViewerPaths.accessLog)">access log</a>.</p>
                """
        case .masked(mayReveal: true):
            return """
                <form class="reveal-bar masked" id="reveal-form" method="post" \
                action="\(ViewerPaths.reveal(device: device, session: session))&amp;v=\(version)" \
                data-action="\(ViewerPaths.reveal(device: device, session: session))">\
                \(SignedInReader.current?.csrf.map(PageLayout.csrfField) ?? .empty)\
                Form values are masked (••••). <button type="submit" id="reveal">Reveal values</button> \
                A reveal shows this session's values to you for \(RevealAccess.duration / 60_000) minutes and is recorded in the \
                <a href="\(ViewerPaths.accessLog)">access log</a>.</form>
                """
        case let .revealed(record, until):
            return """
                <p class="reveal-bar revealed" id="revealed" data-reveal="\(record.id)">Values revealed to \(record.reader) \
                until <time>\(TimeText.describe(until))</time> (reveal \(record.id) in the <a href="\(ViewerPaths.accessLog)">access log</a>). \
                <a href="\(ViewerPaths.timeline(device: device, session: session, version: version))">Mask them again</a></p>
                """
        }
    }

    /// The first, previous, next and last versions as links, for a browser without the script.
    private static func versionLinks(device: String, session: String, version: Int64, first: Int64, versions: Int64, display: ValueDisplay) -> HTML {
        let targets: [(String, Int64)] = [("First", first), ("Previous", version - 1), ("Next", version + 1), ("Last", versions)]
        let links = targets.map { title, target -> HTML in
            guard target >= first, target <= versions, target != version else { return "<span>\(title)</span>" }
            return "<a href=\"\(ViewerPaths.timeline(device: device, session: session, reveal: display.revealID, at: String(target)))\">\(title)</a>"
        }
        return "<nav class=\"version-links\" aria-label=\"Versions\">\(HTML(joining: links.map { link -> HTML in "\(link) " }))</nav>"
    }

    private static func controls(version: Int64, first: Int64, versions: Int64) -> HTML {
        """
        <div class="controls" role="toolbar" aria-label="Replay controls">
        <button type="button" id="first" title="First version (Home)" aria-label="First version">|◀</button>
        <button type="button" id="previous" title="Previous version (←)" aria-label="Previous version">◀</button>
        <button type="button" id="play" title="Play from here" aria-pressed="false">Play</button>
        <button type="button" id="next" title="Next version (→)" aria-label="Next version">▶</button>
        <button type="button" id="last" title="Last version (End)" aria-label="Last version">▶|</button>
        <label class="speed">Speed <select id="speed"><option value="1">1×</option><option value="4">4×</option><option value="16">16×</option></select></label>
        <input type="range" id="scrubber" min="\(first)" max="\(versions)" value="\(version)" step="1" aria-label="Version">
        <output id="position" for="scrubber">v\(version) of \(versions)</output>
        </div>
        """
    }

    /// The event list's rows, `[version, at, type, presentation, outcome]` each (`at` in
    /// milliseconds or null; presentation and outcome null when the event has none), as JSON that
    /// is safe inside a `<script>` element: `<`, `>` and `&` are written as `\u` escapes.
    static func rowsJSON(_ steps: [(event: RecordedEvent, sheetEvent: SheetEvent)]) -> String {
        var json = JSONWriter(capacity: steps.count * 48)
        json.raw("[")
        // Through the buffer, reading each field in place: binding (or subscripting) a step copied
        // its event (ten reference-counted fields) once per row of a 10,000-event page.
        steps.withUnsafeBufferPointer { steps in
            for index in steps.indices {
                if index > 0 { json.raw(",") }
                json.raw("[")
                json.integer(steps[index].event.version)
                json.raw(",")
                if let occurredAt = steps[index].event.occurredAt { json.integer(occurredAt) } else { json.null() }
                json.raw(",")
                json.string(steps[index].event.type)
                json.raw(",")
                if let presentation = steps[index].sheetEvent.presentation {
                    json.string(NameCharacters.escaped(presentation))
                } else {
                    json.null()
                }
                json.raw(",")
                if case .attemptDismiss(let payload) = steps[index].sheetEvent.kind { json.string(payload.outcome.rawValue) } else { json.null() }
                json.raw("]")
            }
        }
        json.raw("]")
        return json.scriptSafeText
    }

    /// What each `present` gave its sheet that the state endpoint's state does not carry, for the
    /// panels the script draws: `[version, presentation, required, restoredFrom]` each (restoredFrom
    /// `"session/presentation"` or null), as JSON safe inside a `<script>` element like ``rowsJSON(_:)``.
    /// Names only, never values: nothing here is masked on the fleet.
    /// A carried session's sheets presented before the cut are given at the carried version.
    static func sheetsJSON(_ steps: [(event: RecordedEvent, sheetEvent: SheetEvent)], base: ReplayBase? = nil) -> String {
        var json = JSONWriter()
        json.raw("[")
        var first = true
        if let base {
            for sheet in base.state.presentations.values.sorted(by: { $0.id < $1.id }) {
                if !first { json.raw(",") }
                first = false
                json.raw("[")
                json.integer(base.version)
                json.raw(",")
                json.string(sheet.id)
                json.raw(",")
                json.strings(sheet.required)
                json.raw(",")
                if let origin = sheet.restoredFrom { json.string(origin.description) } else { json.null() }
                json.raw("]")
            }
        }
        steps.withUnsafeBufferPointer { steps in
            for index in steps.indices {
                guard case .present(let payload) = steps[index].sheetEvent.kind else { continue }
                if !first { json.raw(",") }
                first = false
                json.raw("[")
                json.integer(steps[index].event.version)
                json.raw(",")
                json.string(payload.presentation)
                json.raw(",")
                json.strings(payload.required)
                json.raw(",")
                if let origin = payload.restoredFrom { json.string(origin.description) } else { json.null() }
                json.raw("]")
            }
        }
        json.raw("]")
        return json.scriptSafeText
    }
}
