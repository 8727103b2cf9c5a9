import SheetLogStorage

/// What ``PostgresEventStore/importLog(from:batchSize:)`` stored: how many events this run added and
/// where the device's stored log ends now.
///
/// ```swift
/// let report = try await store.importLog(from: deviceFile)
/// print("\(report.imported) events, stored through \(report.storedThrough)")
/// ```
public struct PostgresImportReport: Sendable, Hashable {
    /// The device the events were stored for.
    public var device: String
    /// Events this run stored (0 on a rerun of a file already imported).
    public var imported: Int
    /// The device's last stored position after the run.
    public var storedThrough: Int64
    /// The chain value stored at ``storedThrough``: 32 zero bytes when the device has no event.
    public var chainHead: [UInt8]
    /// The source's last position when the run read it (later events wait for the next run).
    public var sourceThrough: Int64
    /// The base this run started the device at: set when the device was new to the fleet and its
    /// file pruned, so its log in the fleet begins at the base's cut + 1 (`device_bases`).
    public var startedAtBase: LogBase?

    public init(
        device: String, imported: Int, storedThrough: Int64, chainHead: [UInt8], sourceThrough: Int64, startedAtBase: LogBase? = nil
    ) {
        self.device = device
        self.imported = imported
        self.storedThrough = storedThrough
        self.chainHead = chainHead
        self.sourceThrough = sourceThrough
        self.startedAtBase = startedAtBase
    }

    /// ``chainHead`` as lowercase hexadecimal (as `sqlite3`'s `hex(chain)`, lowercased).
    public var chainHeadHex: String {
        chainHead.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
