import SheetLogDomain

/// Commands that push a form's size: long values whose characters expand when escaped (quotes,
/// backslashes, control characters: 6 bytes each), many fields, field names and ids at the
/// identifier limit, long save-failure reasons. Sizes scale with the limits under test, so that a
/// sequence of a few steps crosses the payload limit now and then.
struct LargeFormChooser {
    let limits: InputLimits
    private var seed: UInt64

    init(_ number: Int, limits: InputLimits) {
        self.limits = limits
        seed = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Characters of every escaping class: plain, two bytes when escaped, six bytes, multibyte.
    static let alphabet: [Character] = ["a", "Z", "7", " ", "\"", "\\", "\n", "\t", "\u{1}", "\u{1B}", "é", "😀", "/"]

    /// A value: often small, sometimes a sizeable share of the payload limit. Marked so that a
    /// test can tell whether a message quotes it.
    mutating func value() -> FieldValue {
        switch below(10) {
        case 0: return .number(Double(below(1_000_000)) / 100)
        case 1: return chance(50) ? .bool(true) : .null
        case 2: return ""
        default:
            let share = chance(40) ? limits.maxPayloadBytes / (1 + below(3)) : limits.maxPayloadBytes / (8 + below(40))
            return .string("val-secret" + text(length: below(share / 2 + 1), from: Self.alphabet))
        }
    }

    /// A field name or id: short and shared, or up to the identifier limit with characters that
    /// double when escaped.
    mutating func name(_ prefix: String) -> String {
        if chance(60) { return prefix + String(below(4)) }
        let names: [Character] = ["n", "\"", "\\", "é", "/"]
        var result = prefix
        while result.utf8.count < limits.maxIdentifierBytes - 4 { result.append(pick(names)) }
        return chance(50) ? String(result.prefix(below(result.count) + 1)) : result
    }

    /// Runs of one character each, so that long texts cost few random numbers.
    mutating func text(length: Int, from alphabet: [Character]) -> String {
        var result = ""
        var count = 0
        while count < length {
            let run = min(1 + below(256), length - count)
            result += String(repeating: pick(alphabet), count: run)
            count += run
        }
        return result
    }

    /// `count` fields; `small` keeps each value short (a form with many fields).
    mutating func fields(_ count: Int, small: Bool = false) -> [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        for _ in 0..<count { fields[name("f")] = small ? .string(text(length: below(12), from: Self.alphabet)) : value() }
        return fields
    }

    /// A command for `state`, mostly a legal one on the top sheet.
    mutating func command(for state: SessionState, freshID: String) -> SheetCommand {
        guard let top = state.top else {
            if let draft = state.recoverableDrafts.first, chance(30) {
                return chance(70) ? .restoreDraft(from: draft.reference, as: freshID) : .declineDraft(from: draft.reference)
            }
            return present(freshID)
        }
        if top.pendingConfirmation != nil {
            return pick([.confirmDiscard(), .keepEditing(), .save(), .saveFailed(reason: reason())])
        }
        switch below(100) {
        case 0..<55: return .edit(field: chance(20) ? name("f") : pick(Array(top.values.keys) + ["f0"]), value: value())
        case 55..<70: return .attemptDismiss(source: pick(DismissSource.allCases))
        case 70..<82: return .save(values: chance(70) ? fields(1 + below(6)) : top.values.merging(fields(1)) { $1 })
        case 82..<86: return .saveFailed(reason: reason())
        case 86..<90: return present(freshID)
        case 90..<95: return .dismissAll(source: pick(DismissSource.allCases))
        default: return .save()
        }
    }

    mutating func present(_ id: String) -> SheetCommand {
        let baseline = chance(15) ? fields(20 + below(limits.maxPayloadBytes / 200), small: true) : fields(below(4))
        let params = Dictionary((0..<below(3)).map { (name("k\($0)"), name("v")) }) { first, _ in first }
        let route = Route(name: name("route"), group: chance(50) ? nil : name("group"), params: params)
        return .present(
            presentation: id, route: route, baseline: baseline, required: (0..<below(3)).map { _ in name("f") },
            guard: pick(DismissGuard.allCases))
    }

    mutating func reason() -> String {
        text(length: chance(20) ? below(limits.maxPayloadBytes) : below(40), from: Self.alphabet)
    }
}
