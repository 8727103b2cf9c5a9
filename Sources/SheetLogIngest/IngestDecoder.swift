import Foundation
import SheetLogDomain
import SheetLogJSON

/// Turns one line of bytes of the `sheetlog ingest` format into an ``IngestLine``, or rejects it.
///
/// Strict by design, because ingest is how support tools and other systems write into the log:
/// a line over ``maxLineBytes``, invalid UTF-8 or NUL, JSON that is malformed or has duplicate
/// keys (compared decoded), a number no double holds exactly, an unknown `type`, an unknown
/// field, a value of the wrong JSON type and a malformed `at` are all rejected with
/// ``SheetLogError/Code/invalidInput`` naming the line and the field (never a value).
///
/// ```swift
/// let decoder = IngestDecoder()
/// let line = try decoder.decode(Array(#"{"session":"s1","type":"edit","field":"amount","value":"47.50"}"#.utf8), line: 2)
/// ```
public struct IngestDecoder: Sendable {
    /// The longest accepted line, in bytes (without its line break).
    public var maxLineBytes: Int
    /// The longest session, presentation or event id, in UTF-8 bytes.
    public var maxIdentifierBytes: Int

    public init(limits: InputLimits = .default) {
        maxLineBytes = limits.maxPayloadBytes
        maxIdentifierBytes = limits.maxIdentifierBytes
    }

    public init(maxLineBytes: Int, maxIdentifierBytes: Int = InputLimits.default.maxIdentifierBytes) {
        self.maxLineBytes = maxLineBytes
        self.maxIdentifierBytes = maxIdentifierBytes
    }

    /// Decodes a line read by ``IngestLineReader``, rejecting it by its full length when it was cut.
    public func decodeEntry(_ raw: IngestRawLine) throws(SheetLogError) -> IngestEntry {
        if raw.length > maxLineBytes {
            throw lineTooLong(raw.length).atLine(raw.number)
        }
        return try decodeEntry(raw.bytes, line: raw.number)
    }

    /// Decodes `bytes` (one line without its line break) as input line number `line`.
    public func decodeEntry(_ bytes: some Collection<UInt8>, line: Int) throws(SheetLogError) -> IngestEntry {
        do {
            return try decodeUnlocated(bytes)
        } catch {
            throw error.atLine(line)
        }
    }

    /// Decodes `bytes` as input line number `line`, which must be a session's command.
    public func decode(_ bytes: some Collection<UInt8>, line: Int) throws(SheetLogError) -> IngestLine {
        try Self.commandLine(try decodeEntry(bytes, line: line), line: line)
    }

    private static func commandLine(_ entry: IngestEntry, line: Int) throws(SheetLogError) -> IngestLine {
        switch entry {
        case .command(let command): return command
        case .erasure:
            throw SheetLogError(
                .invalidInput, "an \(IngestErasure.type) line erases a subject of the log and is not a session's command",
                context: .init(eventType: IngestErasure.type, operation: "ingest", line: line))
        case .base(let part):
            throw SheetLogError(
                .invalidInput, "a \(part.type) line is part of a pruned log's base and is not a session's command",
                context: .init(eventType: part.type, operation: "ingest", line: line))
        }
    }

    private func decodeUnlocated(_ bytes: some Collection<UInt8>) throws(SheetLogError) -> IngestEntry {
        if bytes.count > maxLineBytes { throw lineTooLong(bytes.count) }
        var text = try Self.utf8Text(bytes)
        let members = try text.withUTF8 { utf8 in
            Result { () throws(SheetLogError) in try Self.topLevelObject(utf8) }
        }.get()
        return try entry(from: members)
    }

    private func lineTooLong(_ length: Int) -> SheetLogError {
        SheetLogError(
            .invalidInput, "the line is \(length) bytes, over the limit of \(maxLineBytes)",
            context: .init(operation: "ingest", limit: maxLineBytes))
    }

    /// The line as text, once it is known to be valid UTF-8.
    static func utf8Text(_ bytes: some Collection<UInt8>) throws(SheetLogError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SheetLogError(.invalidInput, "the line is not valid UTF-8", context: .init(operation: "ingest"))
        }
        return text
    }

    /// The UTF-8 byte-order mark: skipped by ``IngestLineReader`` at the start of the input, refused elsewhere.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The members of the line's JSON object, read in one pass by the strict reader: NUL refused,
    /// duplicate keys refused (compared decoded), numbers exact.
    static func topLevelObject(_ utf8: UnsafeBufferPointer<UInt8>) throws(SheetLogError) -> [(key: String, value: JSONValue)] {
        // The text is valid UTF-8 already: only the JSON is checked.
        var reader = JSONReader(bytes: utf8, options: .strict(rejectsDuplicateKeys: true, validatesUTF8: false))
        let value: JSONValue
        do {
            value = try reader.document()
        } catch where error.problem == .inexactNumber && !error.path.isEmpty {
            // The field by its path, never the number: it is a form value.
            let field = error.path.map(IngestFields.printable).joined(separator: ".")
            throw SheetLogError(
                .invalidInput, "field \(field) holds a number that cannot be stored exactly; send it as a string",
                context: .init(field: field, operation: "ingest"))
        } catch {
            // Named, rather than "unexpected character": the mark is invisible in most editors.
            if utf8.starts(with: byteOrderMark) {
                throw SheetLogError(
                    .invalidInput, "the line starts with a UTF-8 byte-order mark (EF BB BF), which is accepted only at the start of the input",
                    context: .init(operation: "ingest"))
            }
            throw SheetLogError(.invalidInput, "the line is not acceptable JSON: \(error)", context: .init(operation: "ingest"))
        }
        guard case .object(let members) = value else {
            throw SheetLogError(.invalidInput, "the line must be a JSON object, found \(value.kindName)", context: .init(operation: "ingest"))
        }
        return members
    }
}
