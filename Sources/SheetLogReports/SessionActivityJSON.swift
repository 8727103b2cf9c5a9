import SheetLog
import SheetLogJSON

/// One session as `sheetlog sessions --json` and the viewer's session list write it: `{session,
/// events, firstAt, lastAt, routes, presentations, openDrafts, blocked, discarded}`, times as
/// ISO-8601 UTC like every `at`, routes sorted.
package struct SessionActivityJSON: Encodable {
    package var session: String
    package var events: Int64
    package var firstAt: String?
    package var lastAt: String?
    package var routes: [String]
    package var presentations: Int
    package var openDrafts: Int
    package var blocked: Int
    package var discarded: Int

    package init(_ activity: SessionActivity) {
        session = activity.session
        events = activity.events
        firstAt = TimeText.iso(activity.firstAt)
        lastAt = TimeText.iso(activity.lastAt)
        routes = Self.sortedRoutes(activity.routes)
        presentations = activity.presentations
        openDrafts = activity.openDrafts
        blocked = activity.blocked
        discarded = activity.discarded
    }

    // Written out so that an unknown time shows as `null` rather than no key.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)
        try container.encode(events, forKey: .events)
        try container.encode(firstAt, forKey: .firstAt)
        try container.encode(lastAt, forKey: .lastAt)
        try container.encode(routes, forKey: .routes)
        try container.encode(presentations, forKey: .presentations)
        try container.encode(openDrafts, forKey: .openDrafts)
        try container.encode(blocked, forKey: .blocked)
        try container.encode(discarded, forKey: .discarded)
    }

    private enum CodingKeys: String, CodingKey { case session, events, firstAt, lastAt, routes, presentations, openDrafts, blocked, discarded }

    /// The route names in the order JSON writes keys, so that every view lists them alike.
    package static func sortedRoutes(_ routes: Set<String>) -> [String] {
        routes.sorted(by: JSONWriter.keyPrecedes)
    }
}
