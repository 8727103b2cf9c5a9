import SheetLog

/// The example flows `sheetlog demo` records, with fixed ids and times so that a second run is
/// recognised command by command and appends nothing.
enum DemoFlows {
    /// One flow: a session, a title, and its commands in order.
    struct Flow {
        var session: String
        var title: String
        var commands: [CommandEnvelope]
        /// A command the rules refuse, recorded after `commands` to show the refusal.
        var refused: CommandEnvelope?
    }

    /// 2026-01-01T09:00:00.000Z: every flow starts at a fixed minute after it.
    static let start: Int64 = 1_767_258_000_000

    static let flows: [Flow] = [
        flow(
            "demo-expense", "A new expense, swiped away with unsaved changes: the swipe is blocked, the user discards", minute: 0,
            [
                .present(presentation: "expense", route: Route(name: "newExpense", group: "editor"), required: ["amount"]),
                .edit(field: "amount", value: "47.50"), .edit(field: "category", value: "Travel"),
                .edit(field: "notes", value: "Taxi to the airport"),
                .attemptDismiss(source: .swipe), .confirmDiscard(),
            ]),
        flow(
            "demo-cancel", "A new expense closed with Cancel before anything was typed: a clean dismissal, no alert", minute: 5,
            [
                .present(presentation: "expense", route: Route(name: "newExpense", group: "editor"), required: ["amount"]),
                .attemptDismiss(source: .cancelButton),
            ]),
        flow(
            "demo-friend", "A new friend, saved: the creation sheet locks the swipe whatever is typed (guard always)", minute: 10,
            [
                .present(presentation: "friend", route: Route(name: "newFriend"), required: ["name"], guard: .always),
                .edit(field: "name", value: "Ada Lovelace"), .save(),
            ]),
        flow(
            "demo-editor", "The editor group: composer and editProfile are never up together", minute: 15,
            [.present(presentation: "composer", route: Route(name: "composer", group: "editor"))],
            refused: .present(presentation: "profile", route: Route(name: "editProfile", group: "editor"))),
        flow(
            "demo-stack", "Stacked sheets: dismissAll pops the clean top sheet and stops at the dirty one", minute: 20,
            [
                .present(presentation: "items", route: Route(name: "itemList")),
                .present(presentation: "item", route: Route(name: "editItem", params: ["itemID": "123"]), baseline: ["title": "Desk lamp", "price": 30]),
                .edit(field: "price", value: 35),
                .present(presentation: "share", route: Route(name: "share")),
                .dismissAll(source: .cancelButton), .keepEditing(), .save(),
            ]),
        flow(
            "demo-crash", "A session cut off mid-typing, as a crash would: its draft stays recoverable", minute: 25,
            [
                .present(presentation: "expense", route: Route(name: "newExpense", group: "editor"), required: ["amount"]),
                .edit(field: "amount", value: "12.80"), .edit(field: "merchant", value: "Café Nord"),
            ]),
    ]

    /// A flow whose commands are a second apart from `minute` minutes after ``start``, ids `<session>-<n>`.
    private static func flow(_ session: String, _ title: String, minute: Int64, _ commands: [SheetCommand], refused: SheetCommand? = nil) -> Flow {
        let base = start + minute * 60_000
        let envelopes = commands.enumerated().map { index, command in
            CommandEnvelope(session: session, command: command, id: "\(session)-\(index + 1)", occurredAt: base + Int64(index) * 1_000)
        }
        let refusedEnvelope = refused.map {
            CommandEnvelope(session: session, command: $0, id: "\(session)-refused", occurredAt: base + Int64(commands.count) * 1_000)
        }
        return Flow(session: session, title: title, commands: envelopes, refused: refusedEnvelope)
    }
}
