import SheetLogProjections
import SheetLogStorage
import SheetLogDomain

/// The placeholders of a redacted export: each typed value becomes one of its kind, numbered per
/// field and kind in the order the export first meets it, so that within a field equal values stay
/// equal and different values different, and the copy's state machine decides every command as the
/// original did (dirtiness, required fields, saves, the discard dialog).
///
/// The numbering belongs to one export: a placeholder tells nothing of the value but its kind, and
/// whether it equals another of its field. No placeholder is a function of the value alone (no
/// hash), so no one can find a value by trying candidates.
///
/// - strings: `""` stays `""` (empty counts for dirtiness and required fields); the others become
///   `a`, `b` … `Z`, `aa` … (bijective base 52: one letter for up to 52 distinct values of a field,
///   two for up to 2,756), never longer than 3 bytes below 143,364, so a form never grows by more than
///   two bytes a field;
/// - numbers: 1, 2, 3 …; booleans: the field's first distinct boolean `false`, its second `true`;
/// - `null` stays `null`; the markers of an erased subject (written as `[erased]`, `[erased N]`)
///   are not redacted: the erasure already took their values.
struct ExportRedaction {
    private enum Kind: Hashable { case string, number, bool }

    private struct Slot: Hashable {
        var field: String
        var kind: Kind
    }

    private var numbers: [Slot: [FieldValue: Int]] = [:]
    private var subjects: [String: String] = [:]

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// `value` of `field` as the export writes it.
    mutating func value(_ value: FieldValue, of field: String) -> FieldValue {
        let kind: Kind
        switch value {
        case .string(let text) where text.isEmpty: return value
        case .string: kind = .string
        case .number: kind = .number
        case .bool: kind = .bool
        case .null, .erased, .withheld: return value
        }
        let slot = Slot(field: field, kind: kind)
        let number = numbers[slot, default: [:]][value] ?? (numbers[slot]?.count ?? 0) + 1
        numbers[slot, default: [:]][value] = number
        switch kind {
        case .string: return .string(Self.text(number))
        case .number: return .number(Double(number))
        case .bool: return .bool(number != 1)
        }
    }

    /// The values of a form (a baseline, a save's values).
    mutating func values(_ values: [String: FieldValue]) -> [String: FieldValue] {
        // In field order, so that the numbering does not depend on a dictionary's order.
        var redacted: [String: FieldValue] = [:]
        for field in values.keys.sorted() { redacted[field] = value(values[field]!, of: field) }
        return redacted
    }

    /// `subject-N`, N in order of first appearance: a subject names a person.
    mutating func subject(_ subject: String) -> String {
        if let known = subjects[subject] { return known }
        let placeholder = "subject-\(subjects.count + 1)"
        subjects[subject] = placeholder
        return placeholder
    }

    /// The command with its values redacted; a command without values as it is.
    mutating func command(_ command: SheetCommand) -> SheetCommand {
        switch command {
        case let .present(presentation, route, baseline, required, dismissGuard):
            return .present(presentation: presentation, route: route, baseline: values(baseline), required: required, guard: dismissGuard)
        case let .edit(field, value, presentation):
            return .edit(field: field, value: self.value(value, of: field), presentation: presentation)
        case let .save(values, presentation):
            return .save(values: values.map { self.values($0) }, presentation: presentation)
        case .attemptDismiss, .dismissAll, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession:
            return command
        }
    }

    /// `number` (from 1) in bijective base 52: `a` … `Z`, `aa`, `ab` …
    private static func text(_ number: Int) -> String {
        var rest = number
        var characters: [Character] = []
        while rest > 0 {
            rest -= 1
            characters.append(letters[rest % letters.count])
            rest /= letters.count
        }
        return String(characters.reversed())
    }

    /// `image` as the export writes it: every carried value and every subject replaced, numbered in
    /// the same series as the commands after it.
    mutating func base(_ image: LogBaseImage) throws -> LogBaseImage {
        var image = image
        for index in image.erasures.indices { image.erasures[index].subject = subject(image.erasures[index].subject) }
        for index in image.sessions.indices {
            var carried = try CarriedSession(snapshot: image.sessions[index].state, keys: NoSubjectKeys(), valuesSealed: false)
            for id in carried.projected.state.presentations.keys.sorted() {
                var presentation = carried.projected.state.presentations[id]!
                // An erased subject's values are markers already, which value(_:of:) keeps.
                for field in presentation.baseline.keys.sorted() { presentation.baseline[field] = value(presentation.baseline[field]!, of: field) }
                for field in presentation.values.keys.sorted() { presentation.values[field] = value(presentation.values[field]!, of: field) }
                carried.projected.state.presentations[id] = presentation
            }
            if let sealing = carried.projected.sealing {
                carried.projected.sealing = SessionSealing(subject: subject(sealing.subject), key: .withheld)
            }
            image.sessions[index].state = carried.snapshotJSON(valuesSealed: false)
        }
        return image
    }
}
