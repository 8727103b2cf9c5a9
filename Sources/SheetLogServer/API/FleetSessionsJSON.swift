import SheetLogReports

/// The body of `GET /api/sessions`: the first `limit` matching sessions of every device, each the
/// object of `GET /api/devices/{device}/sessions` with its `"device"` (as `sheetlog-server sessions
/// --json` writes it), and how many sessions matched in all.
struct FleetSessionsJSON: Encodable {
    var sessions: [DeviceJSON<SessionActivityJSON>]
    var matching: Int

    init(rows: [DeviceSessionActivity], matching: Int) {
        sessions = rows.map { DeviceJSON(device: $0.device, SessionActivityJSON($0.activity)) }
        self.matching = matching
    }
}
