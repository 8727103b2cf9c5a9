import SheetLogReports

/// The body of `GET /api/devices/{device}/sessions`: one object per session, and the cursor of the
/// next page (`after=` it), `null` on the last page.
struct SessionsPageJSON: Encodable {
    var sessions: [SessionActivityJSON]
    var next: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(next, forKey: .next)
    }

    private enum CodingKeys: String, CodingKey { case sessions, next }
}
