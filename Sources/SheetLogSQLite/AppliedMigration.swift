/// A migration as a database records it in `sheetlog_migrations`.
public struct AppliedMigration: Sendable, Hashable {
    public var number: Int
    public var name: String
    /// SHA-256 of the migration file that was applied, lowercase hex.
    public var sha256: String
    /// When it was applied, milliseconds since 1970.
    public var appliedAt: Int64

    public init(number: Int, name: String, sha256: String, appliedAt: Int64) {
        self.number = number
        self.name = name
        self.sha256 = sha256
        self.appliedAt = appliedAt
    }
}
