extension SheetEventType {
    private static let cases = Array(allCases)
    private static let names = RawValueTable(cases.map(\.rawValue))

    /// The type whose name is exactly `utf8`; nil for any other text.
    ///
    /// Rebuild reads the type of every event from SQLite's bytes: matching them spares a `String` per event.
    package init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard let index = Self.names.index(of: utf8) else { return nil }
        self = Self.cases[index]
    }
}
