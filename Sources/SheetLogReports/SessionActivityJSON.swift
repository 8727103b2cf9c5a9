import SheetLog

/// One session of the viewer's session list as JSON: `{session, events, firstAt, lastAt,
/// presentations, openDrafts, blocked, discarded}`, times as ISO-8601 UTC like every `at`.
package struct SessionActivityJSON: Encodable {
    package var session: String
    package var events: Int64
    package var firstAt: String?
    package var lastAt: String?
    package var presentations: Int
    package var openDrafts: Int
    package var blocked: Int
    package var discarded: Int

    package init(_ activity: SessionActivity) {
        session = activity.session
        events = activity.events
        firstAt = TimeText.iso(activity.firstAt)
        lastAt = TimeText.iso(activity.lastAt)
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
        try container.encode(presentations, forKey: .presentations)
        try container.encode(openDrafts, forKey: .openDrafts)
        try container.encode(blocked, forKey: .blocked)
        try container.encode(discarded, forKey: .discarded)
    }

    private enum CodingKeys: String, CodingKey { case session, events, firstAt, lastAt, presentations, openDrafts, blocked, discarded }
}
