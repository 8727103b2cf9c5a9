import SheetLogCore
import SheetLogDomain
import SheetLogJSON

/// The read models' JSON text columns (field lists, stacks, drafts, route parameters) as values, read
/// with the package's JSON reader. Errors name the table, column and row, never the value.
enum ProjectionColumn {
    /// A JSON array of strings.
    static func strings(_ text: String, table: String, column: String, row: @autoclosure () -> String) throws -> [String] {
        if case .array(let items)? = try? JSONValue.parse(text) {
            let strings = items.compactMap(\.string)
            if strings.count == items.count { return strings }
        }
        throw malformed(table: table, column: column, row: row())
    }

    /// A JSON object of strings (route parameters).
    static func stringMap(_ text: String, table: String, column: String, row: @autoclosure () -> String) throws -> [String: String] {
        if case .object(let members)? = try? JSONValue.parse(text) {
            var map: [String: String] = [:]
            for member in members {
                guard let value = member.value.string else { throw malformed(table: table, column: column, row: row()) }
                map[member.key] = value
            }
            return map
        }
        throw malformed(table: table, column: column, row: row())
    }

    /// A JSON object of field values (drafts and baselines).
    static func fieldValues(_ text: String, table: String, column: String, row: @autoclosure () -> String) throws -> [String: FieldValue] {
        if case .object(let members)? = try? JSONValue.parse(text) {
            var values: [String: FieldValue] = [:]
            for member in members {
                switch member.value {
                case .string(let text): values[member.key] = .string(text)
                case .number(let number): values[member.key] = .number(number)
                case .bool(let flag): values[member.key] = .bool(flag)
                case .null: values[member.key] = .null
                case .object, .array: throw malformed(table: table, column: column, row: row())
                }
            }
            return values
        }
        throw malformed(table: table, column: column, row: row())
    }

    private static func malformed(table: String, column: String, row: String) -> SheetLogError {
        SheetLogError(.undecodableEvent, "column \(column) of table \(table) holds malformed JSON for \(row)", context: .init(operation: "read \(table)"))
    }
}
