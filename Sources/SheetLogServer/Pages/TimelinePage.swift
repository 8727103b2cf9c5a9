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
    /// `events` are every event of the session (the list), `moment` the version shown.
    static func render(
        device: String, session: String, events: [(event: RecordedEvent, sheetEvent: SheetEvent)], moment: ReplayMoment, display: ValueDisplay = .open
    ) -> HTML {
        let step = moment.step
        let version = step.version
        let versions = Int64(events.count)
        let first = events.first?.event.occurredAt
        let last = events.last?.event.occurredAt
        let content: HTML = """
            <section class="timeline" id="timeline" data-versions="\(versions)" data-version="\(version)" \
            data-state-url="\(ViewerPaths.apiState(device: device, session: session, reveal: display.revealID))" \
            data-version-query="\(ViewerPaths.timelineVersionQuery(session: session, reveal: display.revealID))">
            <header class="page-head">
            <h1>Session <span class="id">\(session)</span></h1>
            <p class="summary">\(versions) \(versions == 1 ? "event" : "events") · \(TimeText.describe(first)) → \(TimeText.describe(last)) · \
            <a href="\(ViewerPaths.apiReplay(device: device, session: session, reveal: display.revealID))">replay JSON</a> · \
            <a id="state-json" href="\(ViewerPaths.apiState(device: device, session: session, reveal: display.revealID))\(version)" \
            data-base="\(ViewerPaths.apiState(device: device, session: session, reveal: display.revealID))">state JSON</a> · \
            <a href="\(ViewerPaths.audit(device: device, query: [("session", session)]))">dismissals</a> · \
            <a id="bug-report" href="\(ViewerPaths.apiExport(device: device, session: session))" download>export for a bug report</a></p>
            \(revealBar(device: device, session: session, version: version, display: display))
            </header>
            \(controls(version: version, versions: versions))
            <div class="timeline-body">
            <nav class="event-list" id="event-list" aria-label="Events" tabindex="0"><div class="event-spacer"></div></nav>
            <div class="state-panel" id="state-panel" aria-live="polite">\(StatePanel.render(step: step, previous: moment.previous, mask: display.mask))</div>
            </div>
            <noscript><p>The event list and the replay controls need JavaScript; the state above is version \(version). \
            Use <code>?at=N</code> (a version or a time) to open another one.</p>\
            \(versionLinks(device: device, session: session, version: version, versions: versions, display: display))</noscript>
            <script type="application/json" id="timeline-events">\(HTML(trusted: rowsJSON(events)))</script>
            <script type="application/json" id="timeline-sheets">\(HTML(trusted: sheetsJSON(events)))</script>
            </section>
            """
        return PageLayout.render(title: "Session \(session) v\(version)", page: "timeline", device: device, section: .sessions, content: content)
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
    private static func versionLinks(device: String, session: String, version: Int64, versions: Int64, display: ValueDisplay) -> HTML {
        let targets: [(String, Int64)] = [("First", 1), ("Previous", version - 1), ("Next", version + 1), ("Last", versions)]
        let links = targets.map { title, target -> HTML in
            guard target >= 1, target <= versions, target != version else { return "<span>\(title)</span>" }
            return "<a href=\"\(ViewerPaths.timeline(device: device, session: session, reveal: display.revealID, at: String(target)))\">\(title)</a>"
        }
        return "<nav class=\"version-links\" aria-label=\"Versions\">\(HTML(joining: links.map { link -> HTML in "\(link) " }))</nav>"
    }

    private static func controls(version: Int64, versions: Int64) -> HTML {
        """
        <div class="controls" role="toolbar" aria-label="Replay controls">
        <button type="button" id="first" title="First version (Home)" aria-label="First version">|◀</button>
        <button type="button" id="previous" title="Previous version (←)" aria-label="Previous version">◀</button>
        <button type="button" id="play" title="Play from here" aria-pressed="false">Play</button>
        <button type="button" id="next" title="Next version (→)" aria-label="Next version">▶</button>
        <button type="button" id="last" title="Last version (End)" aria-label="Last version">▶|</button>
        <label class="speed">Speed <select id="speed"><option value="1">1×</option><option value="4">4×</option><option value="16">16×</option></select></label>
        <input type="range" id="scrubber" min="1" max="\(versions)" value="\(version)" step="1" aria-label="Version">
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
    static func sheetsJSON(_ steps: [(event: RecordedEvent, sheetEvent: SheetEvent)]) -> String {
        var json = JSONWriter()
        json.raw("[")
        var first = true
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
