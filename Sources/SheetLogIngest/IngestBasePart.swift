import SheetLogStorage

/// A line of a pruned log's base, as `sheetlog export` writes them first: the `base` line (the cut,
/// the chain, what was removed, how many lines follow), then one `baseErasure` line per erasure the
/// prunes removed and one `baseSession` line per carried session. Ingested together into an empty
/// database, they are installed as one base (`SheetLogDatabase.installBase(_:)`).
///
/// ```swift
/// // {"chain":"…","cut":22,"erasures":0,"firstRecordedAt":"…","lastRecordedAt":"…","prunedAt":"…","removedEvents":22,"sessions":1,"type":"base"}
/// if case .base(.header(let image, let erasures, let sessions)) = try decoder.decodeEntry(raw) { … }
/// ```
public enum IngestBasePart: Sendable, Hashable {
    /// The `base` line: the image without its erasures and sessions, and how many lines of each follow.
    case header(LogBaseImage, erasures: Int, sessions: Int)
    /// A `baseErasure` line.
    case erasure(LogBaseImage.Erasure)
    /// A `baseSession` line.
    case session(LogBaseImage.Session)

    /// The line types, as the `type` field names them.
    public static let headerType = "base"
    public static let erasureType = "baseErasure"
    public static let sessionType = "baseSession"
    static let types: Set<String> = [headerType, erasureType, sessionType]

    /// The line's type name.
    public var type: String {
        switch self {
        case .header: Self.headerType
        case .erasure: Self.erasureType
        case .session: Self.sessionType
        }
    }
}
