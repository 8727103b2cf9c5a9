import SheetLog

/// One session of one device of a fleet: a row of `sheetlog-server sessions` and of the fleet viewer's
/// "sessions active at …" search, which list the sessions of every device by the same query.
package struct DeviceSessionActivity: Sendable, Hashable {
    package var device: String
    package var activity: SessionActivity

    package init(device: String, activity: SessionActivity) {
        self.device = device
        self.activity = activity
    }

    /// The sessions of each of `devices` that `query` matches (``SheetLogDatabase/sessionActivity(matching:)``),
    /// device by device in the order given, each device's in the order of their first event.
    ///
    /// ```swift
    /// let rows = try await DeviceSessionActivity.matching(query, in: [("phone", database)])
    /// ```
    package static func matching(_ query: SessionQuery, in devices: [(String, SheetLogDatabase)]) async throws -> [DeviceSessionActivity] {
        var rows: [DeviceSessionActivity] = []
        for (device, database) in devices {
            rows += try await database.sessionActivity(matching: query).map { DeviceSessionActivity(device: device, activity: $0) }
        }
        return rows
    }
}
