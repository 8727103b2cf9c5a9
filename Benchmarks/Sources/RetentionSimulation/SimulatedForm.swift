import SheetLog

/// The forms the simulated app presents: what each asks for and how long its fields' texts are.
struct SimulatedForm: Sendable {
    var route: Route
    /// Field name → the length range of the text a person types into it.
    var fields: [(name: String, length: ClosedRange<Int>)]
    var required: [String]
    /// An edit of an existing item opens with its values (a baseline); a creation opens empty.
    var baseline: [String: FieldValue]

    static let all: [SimulatedForm] = [
        SimulatedForm(
            route: Route(name: "newExpense", group: "editor"),
            fields: [("amount", 2...7), ("merchant", 4...24), ("note", 0...80)], required: ["amount"], baseline: [:]),
        SimulatedForm(
            route: Route(name: "newTask", group: "editor"), fields: [("title", 5...40), ("notes", 0...160)], required: ["title"],
            baseline: [:]),
        SimulatedForm(
            route: Route(name: "editProfile", group: "settings", params: ["itemID": "me"]),
            fields: [("name", 4...20), ("bio", 10...120)], required: ["name"],
            baseline: ["name": .string("A. Person"), "bio": .string("")]),
    ]
}
