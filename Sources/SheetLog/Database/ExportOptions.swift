/// What ``SheetLogDatabase/exportLog(session:options:)`` writes beyond the commands that touched
/// the session: the commands a fresh database needs to decide them again, and whether values are
/// replaced by placeholders.
///
/// `sheetlog export --session S --self-contained --redact` and the viewer's "export for a bug
/// report" link are this with both set.
public struct ExportOptions: Sendable, Hashable {
    /// With a session: also every command that decided the state its commands were decided on — the
    /// sessions its drafts were restored from, up to each restore, and so on back — so that the
    /// export ingested alone into a new database replays the session as it was.
    public var selfContained: Bool
    /// Every typed value replaced by a placeholder of its kind, numbered per field in order of first
    /// appearance in this export (equal values stay equal, different ones different; empty stays
    /// empty), and every subject by `subject-N`: see `sheetlog export --redact` in docs/cli.md.
    public var redact: Bool

    public init(selfContained: Bool = false, redact: Bool = false) {
        self.selfContained = selfContained
        self.redact = redact
    }
}
