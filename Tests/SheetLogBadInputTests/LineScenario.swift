/// A valid ingest line of one command type, and the lines that bring its session to a state in
/// which the decider accepts it. Every scenario has its own session, so all of them share one database.
struct LineScenario: Sendable {
    var type: String
    var session: String
    /// The lines recorded before, in this scenario's session.
    var setup: [String]
    var members: [JSONMember]

    var line: JSONFragment { .object(members) }
    var text: String { line.rendered }

    /// The line with its session replaced, to send a valid command where it is illegal.
    func sent(to session: String) -> LineScenario {
        var copy = self
        copy.session = session
        copy.members = members.map { $0.key == "session" ? JSONMember("session", .text(session), required: true) : $0 }
        return copy
    }

    init(_ type: String, session: String, setup: [String], _ members: [JSONMember]) {
        self.type = type
        self.session = session
        self.setup = setup
        self.members = [
            JSONMember("session", .text(session), required: true), JSONMember("id", .text("\(session)-target")),
            JSONMember("type", .text(type), required: true),
        ] + members + [JSONMember("at", .text("2026-01-01T09:30:00.250Z"))]
    }
}

extension LineScenario {
    /// One scenario per command type of the ingest format.
    static let all: [LineScenario] = [
        LineScenario("present", session: "s-present", setup: [], [
            JSONMember("presentation", .text("p1"), required: true),
            JSONMember("route", .object([
                JSONMember("name", .text("newExpense"), required: true), JSONMember("group", .text("editor")),
                JSONMember("params", .object([JSONMember("itemID", .text("7"))]), .map),
            ]), .object, required: true),
            JSONMember("baseline", .object([JSONMember("amount", .text(""), .scalar), JSONMember("paid", .literal("false"), .scalar)]), .map),
            JSONMember("required", .literal(#"["amount"]"#), .stringArray),
            JSONMember("guard", .text("whenDirty")),
        ]),
        LineScenario("edit", session: "s-edit", setup: setupPresent("s-edit"), [
            JSONMember("field", .text("amount"), required: true), JSONMember("value", .text("47.50"), .scalar, required: true),
            JSONMember("presentation", .text("p1")),
        ]),
        LineScenario("attemptDismiss", session: "s-attempt", setup: setupDirty("s-attempt"), [
            JSONMember("source", .text("swipe"), required: true), JSONMember("outcome", .text("blocked")),
            JSONMember("presentation", .text("p1")),
        ]),
        LineScenario("dismissAll", session: "s-dismissall", setup: [
            present("s-dismissall", "p1", route: "settings"), present("s-dismissall", "p2", route: "picker"),
        ], [JSONMember("source", .text("cancelButton"), required: true)]),
        LineScenario("confirmDiscard", session: "s-confirm", setup: setupPending("s-confirm"), [JSONMember("presentation", .text("p1"))]),
        LineScenario("keepEditing", session: "s-keep", setup: setupPending("s-keep"), [JSONMember("presentation", .text("p1"))]),
        LineScenario("save", session: "s-save", setup: setupDirty("s-save"), [
            JSONMember("values", .object([JSONMember("amount", .text("12"), .scalar), JSONMember("paid", .literal("true"), .scalar)]), .map),
            JSONMember("presentation", .text("p1")),
        ]),
        LineScenario("saveFailed", session: "s-savefailed", setup: setupDirty("s-savefailed"), [
            JSONMember("reason", .text("offline"), required: true), JSONMember("presentation", .text("p1")),
        ]),
        LineScenario("restoreDraft", session: "s-restore", setup: setupAbandoned("s-restore"), [
            JSONMember("from", .object([
                JSONMember("session", .text("s-restore"), required: true), JSONMember("presentation", .text("p1"), required: true),
            ]), .object, required: true),
            JSONMember("presentation", .text("p1-restored")),
        ]),
        LineScenario("declineDraft", session: "s-decline", setup: setupAbandoned("s-decline"), [
            JSONMember("from", .object([
                JSONMember("session", .text("s-decline"), required: true), JSONMember("presentation", .text("p1"), required: true),
            ]), .object, required: true),
        ]),
        LineScenario("endSession", session: "s-end", setup: setupPresent("s-end"), []),
    ]

    /// A session that has ended, where every command but a draft's decline is illegal.
    static let endedSession = "s-ended"
    static let endedSetup = [present(endedSession, "p1"), #"{"session":"s-ended","type":"endSession"}"#]

    /// Every setup line of every scenario, the ended session's included.
    static var allSetupLines: [String] { all.flatMap(\.setup) + endedSetup }

    static func present(_ session: String, _ presentation: String, route: String = "newExpense") -> String {
        #"{"session":"\#(session)","type":"present","presentation":"\#(presentation)","route":{"name":"\#(route)"},"required":["amount"],"at":"2026-01-01T09:00:00.000Z"}"#
    }

    static func setupPresent(_ session: String) -> [String] { [present(session, "p1")] }

    static func setupDirty(_ session: String) -> [String] {
        setupPresent(session) + [#"{"session":"\#(session)","type":"edit","field":"amount","value":"3.20"}"#]
    }

    static func setupPending(_ session: String) -> [String] {
        setupDirty(session) + [#"{"session":"\#(session)","type":"attemptDismiss","source":"swipe"}"#]
    }

    /// A dirty sheet forced off screen by code: its draft is recoverable as abandoned.
    static func setupAbandoned(_ session: String) -> [String] {
        setupDirty(session) + [#"{"session":"\#(session)","type":"attemptDismiss","source":"programmatic"}"#]
    }
}
