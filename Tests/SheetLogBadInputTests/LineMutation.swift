import SheetLog
import SheetLogTestSupport

/// One way of breaking a valid ingest line, as the property tests apply it.
enum LineMutation: Int, CaseIterable, Sendable {
    case dropRequiredKey, duplicateKey, wrongValueType, hugeString, invalidUTF8, rawNUL, escapedNUL, nonFiniteNumber
    /// A valid line sent to a session whose state machine rejects it.
    case illegalTransition
}

/// A broken line and what its rejection must say.
struct MutatedLine: Sendable {
    var bytes: [UInt8]
    var mutation: LineMutation
    /// What was done, for failure messages (never more than keys and kinds).
    var summary: String
    /// The error's code.
    var code: SheetLogError.Code = .invalidInput
    /// The field the error must name, when the mutation touched one field.
    var field: String?
    /// Text the error's message must contain.
    var messageContains: String?
    /// The limit the error must report.
    var limit: Int?
}

/// Applies a ``LineMutation`` to a scenario's line, every choice drawn from one seed.
struct LineMutator {
    private var random: SplitMix64
    let maxLineBytes: Int

    init(seed: Int, maxLineBytes: Int = InputLimits.default.maxPayloadBytes) {
        random = SplitMix64(seed: UInt64(truncatingIfNeeded: seed))
        self.maxLineBytes = maxLineBytes
    }

    static let invalidUTF8: [[UInt8]] = [[0xFF], [0xFE], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82]]
    static let nonFinite = ["NaN", "-NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1E400", "123e456789"]

    mutating func mutate(_ scenario: LineScenario, _ mutation: LineMutation) -> MutatedLine {
        var members = scenario.members
        let paths = Self.paths(in: members)
        switch mutation {
        case .dropRequiredKey:
            let (path, name) = random.pick(paths.filter { Self.member(at: $0.path, in: members).isRequired })
            Self.edit(&members, at: path) { $0.remove(at: $1) }
            return MutatedLine(bytes: render(members), mutation: mutation, summary: "\(scenario.type) without \(name)",
                               field: name, messageContains: "is missing")
        case .duplicateKey:
            let (path, name) = random.pick(paths)
            let sameValue = random.below(2) == 0
            Self.edit(&members, at: path) { list, index in
                var copy = list[index]
                if !sameValue, case .text(let text) = copy.value { copy.value = .text(text + "-2") }
                list.insert(copy, at: index + 1)
            }
            return MutatedLine(bytes: render(members), mutation: mutation, summary: "\(scenario.type) with \(name) twice",
                               messageContains: "duplicate key")
        case .wrongValueType:
            let (path, name) = random.pick(paths)
            let replacement = random.pick(Self.member(at: path, in: members).wrongTypes)
            Self.edit(&members, at: path) { $0[$1].value = replacement }
            return MutatedLine(bytes: render(members), mutation: mutation, summary: "\(scenario.type) with \(name) = \(replacement.rendered)",
                               field: name)
        case .hugeString:
            let (path, name) = random.pick(paths.filter { Self.member(at: $0.path, in: members).value.isText })
            let unit = random.pick(["x", "é", "😀", "\\"])
            let huge = String(repeating: unit, count: maxLineBytes / unit.utf8.count + 1 + random.below(1_000))
            Self.edit(&members, at: path) { $0[$1].value = .text(huge) }
            return MutatedLine(bytes: render(members), mutation: mutation, summary: "\(scenario.type) with a huge \(name)",
                               messageContains: "over the limit", limit: maxLineBytes)
        case .invalidUTF8:
            var bytes = render(members)
            bytes.insert(contentsOf: random.pick(Self.invalidUTF8), at: random.below(bytes.count + 1))
            return MutatedLine(bytes: bytes, mutation: mutation, summary: "\(scenario.type) with invalid UTF-8",
                               messageContains: "not valid UTF-8")
        case .rawNUL:
            var bytes = render(members)
            bytes.insert(0, at: random.below(bytes.count + 1))
            return MutatedLine(bytes: bytes, mutation: mutation, summary: "\(scenario.type) with a raw NUL byte",
                               messageContains: "not acceptable JSON")
        case .escapedNUL:
            let (path, name) = random.pick(paths)
            let inKey = random.below(3) == 0
            Self.edit(&members, at: path) { list, index in
                if inKey || !list[index].value.isText {
                    list[index].key = Self.inserting("\u{0}", into: list[index].key, at: random.below(list[index].key.count + 1))
                } else if case .text(let text) = list[index].value {
                    list[index].value = .text(Self.inserting("\u{0}", into: text, at: random.below(text.count + 1)))
                }
            }
            return MutatedLine(bytes: render(members), mutation: mutation, summary: "\(scenario.type) with \\u0000 in or at \(name)",
                               messageContains: "not acceptable JSON")
        case .nonFiniteNumber:
            let (path, name) = random.pick(paths)
            let number = random.pick(Self.nonFinite)
            Self.edit(&members, at: path) { $0[$1].value = .literal(number) }
            return MutatedLine(bytes: render(members), mutation: mutation, summary: "\(scenario.type) with \(name) = \(number)",
                               messageContains: "not acceptable JSON")
        case .illegalTransition:
            let illegal = random.pick(IllegalTransition.all)
            return MutatedLine(bytes: Array(illegal.line.text.utf8), mutation: mutation, summary: illegal.summary, code: .ruleViolation)
        }
    }

    private func render(_ members: [JSONMember]) -> [UInt8] { Array(JSONFragment.object(members).rendered.utf8) }

    /// Every member, nested ones included, with its index path and its dotted name as errors spell it.
    static func paths(in members: [JSONMember], prefix: [Int] = [], name: String = "") -> [(path: [Int], name: String)] {
        members.indices.flatMap { index -> [(path: [Int], name: String)] in
            let member = members[index]
            let own = (prefix + [index], name + member.key)
            guard case .object(let children) = member.value else { return [own] }
            return [own] + paths(in: children, prefix: prefix + [index], name: name + member.key + ".")
        }
    }

    static func member(at path: [Int], in members: [JSONMember]) -> JSONMember {
        guard path.count > 1, case .object(let children) = members[path[0]].value else { return members[path[0]] }
        return member(at: Array(path.dropFirst()), in: children)
    }

    /// Runs `change` on the list holding the member at `path`, with the member's index in it.
    static func edit(_ members: inout [JSONMember], at path: [Int], _ change: (inout [JSONMember], Int) -> Void) {
        guard path.count > 1, case .object(var children) = members[path[0]].value else {
            change(&members, path[0])
            return
        }
        edit(&children, at: Array(path.dropFirst()), change)
        members[path[0]].value = .object(children)
    }

    static func inserting(_ piece: String, into text: String, at offset: Int) -> String {
        let index = text.index(text.startIndex, offsetBy: offset)
        return String(text[..<index]) + piece + String(text[index...])
    }
}

extension JSONFragment {
    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}
