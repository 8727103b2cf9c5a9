import Foundation
import SheetLog
import SheetLogReports

/// The query string of a request, parsed strictly and bounded like an ingest line: only the names
/// an endpoint takes, each at most once, every value bounded; an empty value counts as absent (an
/// HTML form sends its empty fields).
///
/// Every refusal is ``SheetLogError/Code/invalidInput`` naming the parameter and the rule, never
/// the value given (it may be anything a person typed).
package struct QueryParameters: Sendable {
    /// The longest query string taken, in bytes.
    package static let maxQueryBytes = 4_096
    /// The most parameters one request may carry.
    package static let maxParameters = 16
    /// The longest text value (a session id, a route name, a search), in UTF-8 bytes: ids' limit.
    package static let maxTextBytes = InputLimits.default.maxIdentifierBytes

    private var values: [String: String] = [:]

    /// Parses `query`, the raw text after `?` (nil when there is none), taking only `allowed` names.
    package init(_ query: String?, allowed: Set<String>) throws(SheetLogError) {
        guard let query, !query.isEmpty else { return }
        if query.utf8.count > Self.maxQueryBytes {
            throw Self.refusal("the query string is longer than \(Self.maxQueryBytes) bytes")
        }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true)
        if pairs.count > Self.maxParameters {
            throw Self.refusal("the query string has more than \(Self.maxParameters) parameters")
        }
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty else {
                throw Self.refusal("a parameter name is empty or not valid percent-encoded UTF-8")
            }
            guard allowed.contains(name) else {
                let takes = allowed.isEmpty ? "no parameters" : allowed.sorted().joined(separator: ", ")
                throw Self.refusal("unknown parameter \(Self.describe(name)); this path takes \(takes)")
            }
            guard let value = parts.count == 2 ? Self.decode(parts[1]) : "" else {
                throw Self.refusal("parameter \(name) is not valid percent-encoded UTF-8", parameter: name)
            }
            if values[name] != nil { throw Self.refusal("parameter \(name) is given more than once", parameter: name) }
            if value.utf8.count > Self.maxTextBytes {
                throw Self.refusal("parameter \(name) is longer than \(Self.maxTextBytes) bytes", parameter: name)
            }
            if !value.isEmpty { values[name] = value }
        }
    }

    /// The text of `name`, nil when absent or empty.
    package func text(_ name: String) -> String? { values[name] }

    /// A whole number in `range`, nil when absent.
    package func integer(_ name: String, in range: ClosedRange<Int64>) throws(SheetLogError) -> Int64? {
        guard let text = values[name] else { return nil }
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let number = Int64(text), range.contains(number) else {
            throw Self.refusal("parameter \(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)", parameter: name)
        }
        return number
    }

    /// `true` or `false`, `default` when absent.
    package func flag(_ name: String, default fallback: Bool = false) throws(SheetLogError) -> Bool {
        switch values[name] {
        case nil: return fallback
        case "true": return true
        case "false": return false
        default: throw Self.refusal("parameter \(name) must be true or false", parameter: name)
        }
    }

    /// One of `T`'s raw values, nil when absent.
    package func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(SheetLogError) -> T? where T.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let value = T(rawValue: text) else {
            throw Self.refusal("parameter \(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))", parameter: name)
        }
        return value
    }

    /// A time as `audit --since`/`--until` take it (milliseconds since 1970), nil when absent.
    package func time(_ name: String, endOfDay: Bool) throws(SheetLogError) -> Date? {
        guard let text = values[name] else { return nil }
        guard let time = AuditTimeArgument.date(text, endOfDay: endOfDay) else {
            throw Self.refusal("parameter \(name) must be \(AuditTimeArgument.forms)", parameter: name)
        }
        return time
    }

    /// A version or an ISO-8601 time, as `sheetlog replay --at` takes it; nil when absent.
    package func point(_ name: String) throws(SheetLogError) -> ReplayPoint? {
        guard let text = values[name] else { return nil }
        guard let point = ReplayPoint(text) else { throw Self.refusal("parameter \(name) must be \(ReplayPoint.forms)", parameter: name) }
        return point
    }

    /// A refusal of the request's parameters.
    package static func refusal(_ message: String, parameter: String? = nil) -> SheetLogError {
        SheetLogError(.invalidInput, message, context: .init(field: parameter, operation: "read query parameters"))
    }

    /// A parameter name as an error may quote it: a short printable name, else a description.
    private static func describe(_ name: String) -> String {
        name.utf8.count <= 40 && NameCharacters.firstForbidden(in: name) == nil ? name : "(a name of \(name.utf8.count) bytes)"
    }

    /// Percent-decodes a form-encoded component (`+` is a space); nil for a bad escape or invalid UTF-8.
    private static func decode(_ component: Substring) -> String? {
        String(component.map { $0 == "+" ? " " : $0 }).removingPercentEncodingStrictly()
    }
}
