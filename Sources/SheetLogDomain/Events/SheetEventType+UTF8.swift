extension SheetEventType {
    private static let names = RawValueBytes<SheetEventType>()

    /// The type whose name is exactly `utf8`; nil for any other text.
    ///
    /// Rebuild reads the type of every event from SQLite's bytes: matching them spares a `String` per event.
    package init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard let type = Self.names.matching(utf8) else { return nil }
        self = type
    }
}
