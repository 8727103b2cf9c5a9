import SheetLogTestSupport

/// The sheets of the workload's imaginary expense app: routes, their fields and their guards.
struct WorkloadRoute: Sendable {
    var name: String
    var group: String
    /// Creation forms start empty; edit forms start from the item's values.
    var isCreation: Bool
    var fields: [String]
    var required: [String]
    /// whenDirty, always or never.
    var guardMode: String
    /// How often this route is presented, relative to the others.
    var weight: Int

    static let catalog: [WorkloadRoute] = [
        WorkloadRoute(name: "newExpense", group: "editor", isCreation: true,
                      fields: ["amount", "merchant", "category", "note"], required: ["amount", "merchant"],
                      guardMode: "always", weight: 5),
        WorkloadRoute(name: "editExpense", group: "editor", isCreation: false,
                      fields: ["amount", "merchant", "category", "note"], required: ["amount"],
                      guardMode: "whenDirty", weight: 4),
        WorkloadRoute(name: "composer", group: "editor", isCreation: true,
                      fields: ["to", "subject", "body"], required: ["to"], guardMode: "whenDirty", weight: 2),
        WorkloadRoute(name: "editProfile", group: "editor", isCreation: false,
                      fields: ["displayName", "bio", "website"], required: ["displayName"],
                      guardMode: "whenDirty", weight: 1),
        WorkloadRoute(name: "newTag", group: "newTag", isCreation: true,
                      fields: ["name", "color"], required: ["name"], guardMode: "whenDirty", weight: 2),
        WorkloadRoute(name: "filters", group: "filters", isCreation: false,
                      fields: ["sort", "minimumAmount", "showArchived"], required: [], guardMode: "never", weight: 1),
    ]

    /// The route presented by a top-level `present`, drawn by weight.
    static func random(using generator: inout SplitMix64, excludingGroups groups: Set<String>) -> WorkloadRoute? {
        let candidates = catalog.filter { !groups.contains($0.group) }
        let total = candidates.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        var draw = Int.random(in: 0..<total, using: &generator)
        for route in candidates {
            if draw < route.weight { return route }
            draw -= route.weight
        }
        return candidates.last
    }
}
