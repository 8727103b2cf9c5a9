/// Ingest lines the end-to-end tests share: the issue's example flow and its variations.
enum IngestLines {
    static func present(_ session: String = "s1", id: String? = nil, presentation: String = "p1") -> String {
        #"{"session":"\#(session)",\#(idField(id))"type":"present","presentation":"\#(presentation)","route":{"name":"newExpense","group":"editor","params":{}},"baseline":{},"required":["amount"],"guard":"whenDirty","at":"2026-01-01T09:00:00.000Z"}"#
    }

    static func edit(_ session: String = "s1", id: String? = nil, value: String = "47.50") -> String {
        #"{"session":"\#(session)",\#(idField(id))"type":"edit","field":"amount","value":"\#(value)","at":"2026-01-01T09:00:01.000Z"}"#
    }

    static func swipe(_ session: String = "s1", id: String? = nil, outcome: String? = nil) -> String {
        let claimed = outcome.map { #","outcome":"\#($0)""# } ?? ""
        return #"{"session":"\#(session)",\#(idField(id))"type":"attemptDismiss","source":"swipe"\#(claimed),"at":"2026-01-01T09:00:02.000Z"}"#
    }

    static func confirmDiscard(_ session: String = "s1", id: String? = nil) -> String {
        #"{"session":"\#(session)",\#(idField(id))"type":"confirmDiscard","at":"2026-01-01T09:00:03.000Z"}"#
    }

    /// The issue's four lines, with ids `<prefix>-1` … `<prefix>-4`.
    static func expenseFlow(_ session: String = "s1", prefix: String = "e") -> [String] {
        [
            present(session, id: "\(prefix)-1"), edit(session, id: "\(prefix)-2"), swipe(session, id: "\(prefix)-3"),
            confirmDiscard(session, id: "\(prefix)-4"),
        ]
    }

    private static func idField(_ id: String?) -> String {
        id.map { #""id":"\#($0)","# } ?? ""
    }
}
