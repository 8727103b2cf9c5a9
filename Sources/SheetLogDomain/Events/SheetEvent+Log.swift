extension SheetEvent {
    /// The event read back from a stored envelope; see ``SheetEventCodec``.
    public init(recorded: RecordedEvent) throws(SheetLogError) {
        self = try SheetEventCodec.decode(recorded)
    }

    /// The envelope to append; see ``SheetEventCodec``.
    public func eventData(eventID: String = EventIdentifier.random(), metadata: String? = nil) throws(SheetLogError) -> EventData {
        try SheetEventCodec.encode(self, eventID: eventID, metadata: metadata)
    }
}
