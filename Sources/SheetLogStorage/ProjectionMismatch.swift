/// A projection table whose rows differ from what a rebuild from the log produces.
///
/// It names the table, the first differing row and the columns that differ, never their
/// values: projection tables hold form values.
public struct ProjectionMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The name of the projection that owns the table (`sheets` for the sheet read models).
    public var projection: String
    public var table: String
    /// 1-based index of the first differing row, with the table's rows ordered by every column.
    public var row: Int
    /// Columns whose values differ in that row; empty when one side has fewer rows.
    public var columns: [String]
    public var storedRowCount: Int
    public var rebuiltRowCount: Int

    public init(projection: String, table: String, row: Int, columns: [String], storedRowCount: Int, rebuiltRowCount: Int) {
        self.projection = projection
        self.table = table
        self.row = row
        self.columns = columns
        self.storedRowCount = storedRowCount
        self.rebuiltRowCount = rebuiltRowCount
    }

    public var description: String {
        let differing = columns.isEmpty ? "" : " in column(s) \(columns.joined(separator: ", "))"
        return "projection \(projection), table \(table): row \(row) differs from a rebuild\(differing) (\(storedRowCount) rows stored, \(rebuiltRowCount) rebuilt)"
    }
}
