/// An event not yet appended: what a writer hands to ``EventStore/append(_:to:expecting:)``.
///
/// The `eventID` is chosen by the client (a UUID by default) so that an append whose outcome
/// was not learned can be retried: the store recognises ids it already holds.
///
/// ```swift
/// let event = EventData(type: "edit", payload: #"{"field":"amount","value":"47.50"}"#)
/// ```
public struct EventData: Sendable, Hashable {
    /// Client-chosen, globally unique id of the event.
    public var eventID: String
    /// The event's type name, e.g. `present` or `edit`.
    public var type: String
    /// Version of the payload's schema for this type.
    public var schemaVersion: Int
    /// The payload as JSON text.
    public var payload: String
    /// Optional JSON object text: app version, device, user, correlation id.
    public var metadata: String?
    /// When the event happened on the app's clock, in milliseconds since 1970.
    public var occurredAt: Int64?

    public init(
        eventID: String = EventIdentifier.random(),
        type: String,
        schemaVersion: Int = 1,
        payload: String,
        metadata: String? = nil,
        occurredAt: Int64? = nil
    ) {
        self.eventID = eventID
        self.type = type
        self.schemaVersion = schemaVersion
        self.payload = payload
        self.metadata = metadata
        self.occurredAt = occurredAt
    }

    /// Whether `recorded` holds the same content as this event (the idempotency comparison).
    ///
    /// Only what the client chose is compared: `recordedAt`, position and chain belong to the store.
    public func hasSameContent(as recorded: RecordedEvent) -> Bool {
        eventID == recorded.eventID
            && type == recorded.type
            && schemaVersion == recorded.schemaVersion
            && payload == recorded.payload
            && metadata == recorded.metadata
            && occurredAt == recorded.occurredAt
    }
}
