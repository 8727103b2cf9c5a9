/// One numbered migration of the fleet store: the text of a `Migrations/postgres/NNNN_name.sql` file,
/// embedded at build time by `Scripts/generate-migrations.sh` (``embedded``).
package struct PostgresMigration: Sendable, Hashable {
    /// 1, 2, 3 … the order of application.
    package var number: Int
    /// The file name's part after the number, e.g. `fleet` for `0001_fleet.sql`.
    package var name: String
    /// SHA-256 of the file's bytes, lowercase hex; recorded in `sheetlog_migrations` when applied.
    package var sha256: String
    /// The SQL text, applied as one transaction.
    package var sql: String

    package init(number: Int, name: String, sha256: String, sql: String) {
        self.number = number
        self.name = name
        self.sha256 = sha256
        self.sql = sql
    }

    /// The file name this migration was generated from, e.g. `0001_fleet.sql`.
    package var fileName: String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name + ".sql"
    }
}
