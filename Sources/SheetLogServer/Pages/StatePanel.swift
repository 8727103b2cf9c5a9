import SheetLog
import SheetLogReports

/// The right side of the timeline: the state after one version, drawn as the user saw it.
///
/// The sheet stack is a pile of cards, bottom to top, the top one in front; a lock marks a sheet
/// whose swipe is disabled; a pending confirmation is the alert with exactly the buttons the user
/// was offered (Save only after a swipe); each form lists its fields, those this event changed
/// highlighted and those that differ from the baseline marked.
enum StatePanel {
    /// The panel for `step`, with `previous` the state before it (nil at version 1), its values
    /// written through `mask` (what changed is found from the real values first).
    static func render(step: ReplayStep, previous: SessionState?, mask: ValueMask = .shown) -> HTML {
        """
        <section class="state" id="state" data-version="\(step.version)" data-depth="\(step.state.stack.count)">
        \(head(step))
        <div class="screen" aria-label="What the user saw after version \(step.version)">\(screen(step.state, previous: previous, mask: mask))</div>
        \(changes(step: step, previous: previous, mask: mask))
        </section>
        """
    }

    /// The panel of the state a prune carried: what the user saw after its last removed version.
    static func render(base: ReplayBase, mask: ValueMask = .shown) -> HTML {
        """
        <section class="state" id="state" data-version="\(base.version)" data-depth="\(base.state.stack.count)">
        <header class="step-head"><span class="step-version">v\(base.version)</span> <span class="step-type">carried by a prune</span></header>
        <div class="screen" aria-label="What the user saw after version \(base.version)">\(screen(base.state, previous: nil, mask: mask))</div>
        </section>
        """
    }

    private static func screen(_ state: SessionState, previous: SessionState?, mask: ValueMask) -> HTML {
        let stack = state.stack
        let cards = stack.enumerated().map { index, sheet in
            card(sheet, level: index, isTop: index == stack.count - 1, before: previous?.presentation(sheet.id), mask: mask)
        }
        return stack.isEmpty
            ? "<p class=\"empty-stack\">\(state.ended ? "No sheet on screen: the session ended." : "No sheet on screen.")</p>"
            : "<div class=\"stack\" data-depth=\"\(stack.count)\">\(cards)</div>"
    }

    private static func head(_ step: ReplayStep) -> HTML {
        """
        <header class="step-head">
        <span class="step-version">v\(step.version)</span>
        <time>\(TimeText.describe(step.event.occurredAt))</time>
        <span class="step-type">\(step.event.type)</span>
        \(EventBadge.outcome(of: step.sheetEvent))
        <p class="step-text">\(EventText.describe(step.sheetEvent))</p>
        </header>
        """
    }

    private static func card(_ sheet: Presentation, level: Int, isTop: Bool, before: Presentation?, mask: ValueMask) -> HTML {
        var classes = ["sheet-card", "level-\(min(level, 5))"]
        if isTop { classes.append("top") }
        if before?.isOpen != true { classes.append("appeared") }
        if sheet.isDirty { classes.append("dirty") }
        if sheet.pendingConfirmation != nil { classes.append("confirming") }
        let lock: HTML = sheet.isDismissDisabled
            ? "<span class=\"lock\" title=\"Swipe to dismiss is disabled\" aria-label=\"swipe locked\">\(lockIcon)</span>"
            : .empty
        var badges: [HTML] = []
        if sheet.isDirty { badges.append("<span class=\"badge unsaved\">unsaved changes</span>") }
        if sheet.route.group != sheet.route.name { badges.append("<span class=\"badge group\">group \(sheet.route.group)</span>") }
        for key in sheet.route.params.keys.sorted() { badges.append("<span class=\"badge param\">\(key)=\(sheet.route.params[key] ?? "")</span>") }
        if let from = sheet.restoredFrom { badges.append("<span class=\"badge restored\">restored from \(from.description)</span>") }
        return """
            <article class="\(classes.joined(separator: " "))" data-presentation="\(sheet.id)" aria-label="sheet \(sheet.id)">
            <header class="sheet-head">\(lock)<span class="sheet-route">\(sheet.route.name)</span><span class="sheet-id">\(sheet.id)</span>\(badges)</header>
            \(fields(sheet, before: before, mask: mask))
            <footer class="sheet-actions"><span class="fake-button">Cancel</span><span class="fake-button save\(sheet.canSave ? "" : " disabled")">Save</span></footer>
            \(sheet.pendingConfirmation.map(dialog) ?? .empty)
            </article>
            """
    }

    /// A padlock, drawn inline (no font is sure to have the emoji).
    private static let lockIcon: HTML = "<svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 0 0-4 0v2z\"/></svg>"

    private static func fields(_ sheet: Presentation, before: Presentation?, mask: ValueMask) -> HTML {
        let names = Set(sheet.baseline.keys).union(sheet.values.keys).union(sheet.required).sorted()
        if names.isEmpty { return "<p class=\"no-fields\">No form fields.</p>" }
        let differing = Set(sheet.changedFields)
        let rows = names.map { name -> HTML in
            var classes = ["field"]
            let changedNow = before.map { !FieldValue.equivalent($0.values[name], sheet.values[name]) } ?? false
            if changedNow { classes.append("changed-now") }
            if differing.contains(name) { classes.append("differs") }
            let required: HTML = sheet.required.contains(name) ? "<span class=\"required\" title=\"required\">*</span>" : .empty
            return """
                <tr class="\(classes.joined(separator: " "))" data-field="\(name)"><th scope="row">\(name)\(required)</th>\
                <td class="value">\(ValueText.cell(sheet.values[name].map(mask.apply)))</td>\
                <td class="baseline">\(ValueText.cell(sheet.baseline[name].map(mask.apply)))</td></tr>
                """
        }
        return """
            <table class="fields"><thead><tr><th scope="col">Field</th><th scope="col">Value</th><th scope="col">Baseline</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            """
    }

    /// The discard alert as UIKit shows it: Save only when the swipe offered it.
    private static func dialog(_ confirmation: PendingConfirmation) -> HTML {
        let save: HTML = confirmation.offersSave ? "<span class=\"dialog-button\" data-action=\"save\">Save</span>" : .empty
        return """
            <div class="dialog" role="alertdialog" aria-label="Discard changes?" data-source="\(confirmation.source.rawValue)">
            <p class="dialog-title">Discard changes?</p>
            <p class="dialog-text">Asked after a \(DismissSourceText.phrase(confirmation.source)).</p>
            <div class="dialog-buttons">\(save)<span class="dialog-button destructive" data-action="discard">Discard Changes</span>\
            <span class="dialog-button" data-action="keep">Keep Editing</span></div>
            </div>
            """
    }

    /// What this event changed in the forms: each field with its value before and after.
    private static func changes(step: ReplayStep, previous: SessionState?, mask: ValueMask) -> HTML {
        guard let previous else { return .empty }
        var items: [HTML] = []
        for sheet in step.state.presentations.values.sorted(by: { $0.id < $1.id }) {
            guard let before = previous.presentation(sheet.id) else { continue }
            for name in Set(before.values.keys).union(sheet.values.keys).sorted()
            where !FieldValue.equivalent(before.values[name], sheet.values[name]) {
                items.append("<li><span class=\"change-field\">\(sheet.id).\(name)</span> \(ValueText.quoted(before.values[name].map(mask.apply))) → \(ValueText.quoted(sheet.values[name].map(mask.apply)))</li>")
            }
        }
        if items.isEmpty { return .empty }
        return "<section class=\"changes\"><h2>Changed by this event</h2><ul>\(items)</ul></section>"
    }
}
