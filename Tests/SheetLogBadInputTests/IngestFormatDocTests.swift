import Foundation
import SheetLogDomain
@testable import SheetLogIngest
import SheetLogTestSupport
import Testing

/// docs/ingest-format.md cannot drift from the decoder: every command type the binary knows has a
/// section, each section's field table lists exactly the fields the type takes, and every example
/// line, ingested in the page's order by the real `sheetlog` binary, is accepted.
@Suite struct IngestFormatDocTests {
    /// The page, split into its command sections.
    struct Page {
        /// The fields of the table under "Fields every line takes".
        var commonFields: Set<String> = []
        /// Per command type (a "### `type`" heading): the top-level fields of its table.
        var fields: [String: Set<String>] = [:]
        /// Every line of every ```jsonl block, in order, with the section it is in.
        var examples: [(type: String, line: String)] = []
        /// The lines of the ```jsonl base block: a pruned log's base, which only a new database takes.
        var baseExamples: [String] = []

        init() throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let text = try String(contentsOf: root.appendingPathComponent("docs/ingest-format.md"), encoding: .utf8)
            var section: String?
            var inCommon = false
            var inExample = false
            var inBase = false
            for line in text.components(separatedBy: "\n") {
                if inBase {
                    if line == "```" { inBase = false } else if !line.isEmpty { baseExamples.append(line) }
                    continue
                }
                if inExample {
                    if line == "```" { inExample = false } else if !line.isEmpty { examples.append((section ?? "", line)) }
                    continue
                }
                if line == "```jsonl base" {
                    inBase = true
                } else if line == "```jsonl" {
                    inExample = true
                } else if line.hasPrefix("## ") {
                    section = nil
                    inCommon = line == "## Fields every line takes"
                } else if line.hasPrefix("### `") {
                    let type = String(line.dropFirst(5).prefix { $0 != "`" })
                    section = type
                    fields[type] = []
                    inCommon = false
                } else if line.hasPrefix("| `") {
                    let field = String(line.dropFirst(3).prefix { $0 != "`" })
                    let topLevel = String(field.prefix { $0 != "." })
                    if inCommon { commonFields.insert(topLevel) } else if let section { fields[section]!.insert(topLevel) }
                }
            }
        }
    }

    /// The command types, as the binary lists them when it meets an unknown one.
    private func typesTheBinaryKnows() throws -> Set<String> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-format-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try InProcessCommand.run(
            .sheetlog, ["--db", directory.appendingPathComponent("x.sqlite").path, "ingest", "-"], input: Data(#"{"session":"s","type":"x"}"#.utf8 + [0x0A]))
        let list = try #require(run.stderr.components(separatedBy: "expected one of ").last?.components(separatedBy: ")").first)
        return Set(list.components(separatedBy: ", "))
    }

    @Test func everyCommandTypeHasASectionWithItsFields() throws {
        let page = try Page()
        let types = try typesTheBinaryKnows()
        #expect(types.count == 15)
        #expect(Set(page.fields.keys) == types)
        #expect(Set(IngestDecoder.fieldsByType.keys.map(\.rawValue)).union([IngestErasure.type]).union(IngestBasePart.types) == types)
        #expect(page.commonFields == IngestDecoder.commonFields)
        for type in types.sorted() where type != IngestErasure.type && !IngestBasePart.types.contains(type) {
            #expect(page.fields[type] == SheetCommandType(rawValue: type).map(IngestDecoder.fields(of:)),
                    "the field table of \(type)")
        }
        // An erasure is the log's, not a session's: its table lists all of its fields.
        #expect(page.fields[IngestErasure.type] == IngestDecoder.erasureFields)
        // So are a base's lines.
        #expect(page.fields[IngestBasePart.headerType] == IngestDecoder.baseHeaderFields)
        #expect(page.fields[IngestBasePart.erasureType] == IngestDecoder.baseErasureFields)
        #expect(page.fields[IngestBasePart.sessionType] == IngestDecoder.baseSessionFields)
    }

    @Test func everyTypeHasExampleLinesThatShowEveryField() throws {
        let page = try Page()
        var shown: [String: Set<String>] = [:]
        for example in page.examples + page.baseExamples.map({ line in
            let type = (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["type"] as? String
            return (type: type ?? "", line: line)
        }) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(example.line.utf8)) as? [String: Any])
            #expect(object["type"] as? String == example.type, "an example line in the section of \(example.type)")
            shown[example.type, default: []].formUnion(object.keys)
        }
        for (type, fields) in page.fields {
            #expect(shown[type] != nil, "\(type) has an example line")
            #expect(fields.subtracting(shown[type] ?? []).isEmpty, "every field of \(type) is in one of its examples")
        }
        let everyLine = shown.filter { $0.key != IngestErasure.type && !IngestBasePart.types.contains($0.key) }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(page.commonFields.isSubset(of: everyLine))
    }

    @Test func theExampleLinesIngestInOrder() throws {
        let page = try Page()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("format.sqlite").path
        // Sealed, for the page's last example erases a subject, which a plain database cannot.
        let key = directory.appendingPathComponent("format.key").path
        #expect(try InProcessCommand.run(.sheetlog, ["keygen", key]).status == 0)
        let input = page.examples.map(\.line).joined(separator: "\n") + "\n"
        let run = try InProcessCommand.run(.sheetlog, ["--db", database, "--key-file", key, "ingest", "--each", "-"], input: Data(input.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == page.examples.count)
        for (answer, example) in zip(answers, page.examples) {
            let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
            #expect(object?["ack"] != nil, "\(example.line) is answered \(answer)")
        }
        let verify = try InProcessCommand.run(.sheetlog, ["--db", database, "--key-file", key, "verify"])
        #expect(verify.status == 0)
    }

    @Test func theBaseExampleInstallsIntoANewDatabase() throws {
        let page = try Page()
        #expect(page.baseExamples.count == 3)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("base.sqlite").path
        // Sealed, for the base carries an erasure.
        let key = directory.appendingPathComponent("base.key").path
        #expect(try InProcessCommand.run(.sheetlog, ["keygen", key]).status == 0)
        let input = page.baseExamples.joined(separator: "\n") + "\n"
        let run = try InProcessCommand.run(.sheetlog, ["--db", database, "--key-file", key, "ingest", "-"], input: Data(input.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("installed the base of a log pruned through position 6 (1 carried session)"), "\(run.stdout)")
        let recover = try InProcessCommand.run(.sheetlog, ["--db", database, "--key-file", key, "recover"])
        #expect(recover.stdout.contains("window-9") && recover.stdout.contains("amount=\"47.50\""), "\(recover.stdout)")
        let erasures = try InProcessCommand.run(.sheetlog, ["--db", database, "--key-file", key, "erasures"])
        #expect(erasures.stdout.contains("user-7"), "\(erasures.stdout)")
        #expect(try InProcessCommand.run(.sheetlog, ["--db", database, "--key-file", key, "verify"]).status == 0)
    }
}
