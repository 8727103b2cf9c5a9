import Foundation
import SheetLogDomain
import SheetLogTestSupport

/// Form values for the crash workloads: strings of 16 B to 2 KiB mixing ASCII, accented letters,
/// CJK, emoji and characters JSON must escape, plus the occasional number, bool, null or empty value.
struct FieldValueGenerator {
    /// Pieces whose UTF-8 lengths are 1 to 4 bytes, and quotes, backslashes and control characters.
    private static let pieces = [
        "a", "b", "z", "Q", "7", " ", "-", "é", "ß", "Ω", "ü", "ñ", "中", "文", "日", "本", "🙂", "🧾", "€",
        "\"", "\\", "\n", "\t", "/", "'", "\u{7}",
    ]

    static let fields = ["amount", "category", "notes", "payee"]

    /// A value for an edit: mostly a long string, sometimes a scalar or an empty value.
    static func value(using random: inout SplitMix64) -> FieldValue {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<78: return .string(text(using: &random))
        case 78..<86: return .number(Double(Int.random(in: -99_999...99_999, using: &random)) / 100)
        case 86..<91: return .bool(random.chance(50))
        case 91..<95: return .null
        default: return .string("")
        }
    }

    /// A string of 16 to 2048 UTF-8 bytes; lengths are spread evenly on a log scale.
    static func text(using random: inout SplitMix64) -> String {
        let target = Int(pow(2.0, Double.random(in: 4...11, using: &random)))
        var result = ""
        var bytes = 0
        while bytes < target {
            let piece = random.pick(pieces)
            if bytes + piece.utf8.count > target { break }
            result += piece
            bytes += piece.utf8.count
        }
        result += String(repeating: "x", count: max(0, 16 - bytes))
        return result
    }
}
