import SheetLogReports

/// The session filter over every device of a fleet: the fleet's `/` search and `GET /api/sessions`.
///
/// The same parameters as one device's list but `after`: the rows of many devices have no one
/// session id to resume after, so the answer is bounded by `limit` and says how many matched.
extension SessionFilter {
    package static let fleetParameterNames = parameterNames.subtracting(["after"])

    /// Whether the request asked for a search (the fleet's `/` lists only devices without one).
    package var isSearch: Bool {
        search != nil || activeAtText != nil || sessionQuery.route != nil || sessionQuery.hasDraft || discardedOnly
    }

    /// The first ``limit`` of `rows` that pass the search and the filters, and how many pass.
    package func firstPage(of rows: [DeviceSessionActivity]) -> (rows: [DeviceSessionActivity], matching: Int) {
        let matching = rows.filter { matches($0.activity) }
        return (Array(matching.prefix(limit)), matching.count)
    }
}
