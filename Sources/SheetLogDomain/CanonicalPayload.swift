import SheetLogJSON

/// Decodes a payload of any event type laid out as ``PayloadEncoder`` writes it — its keys in
/// their sorted order, optional keys absent rather than null, no whitespace — without building a
/// JSON tree.
///
/// Rebuild decodes every event of the log, and after the edits (`JSONReader.canonicalEdit()`) the
/// larger `present`, `save` and `attemptDismiss` payloads cost most: a `JSONValue` tree and
/// then ``PayloadDecoder`` took several times what reading the layout in one pass does. Strings,
/// numbers and literals are read by the general path's own reader (`JSONReader`), so they mean
/// exactly what they mean there. A repeated key, and any other layout, returns nil and goes
/// through the general path, which also produces the errors.
package enum CanonicalPayload {
    package static func decode(_ type: SheetEventType, _ payload: UnsafeBufferPointer<UInt8>) -> SheetEvent.Kind? {
        var reader = JSONReader(bytes: payload, options: .stored)
        return try? reader.canonicalKind(type)
    }

    package static func decode(_ type: SheetEventType, _ payload: String) -> SheetEvent.Kind? {
        var payload = payload
        return payload.withUTF8 { decode(type, $0) }
    }
}

extension JSONReader {
    mutating func canonicalKind(_ type: SheetEventType) throws -> SheetEvent.Kind {
        if type == .edit { return .edit(try canonicalEdit()) }
        try expect("{")
        let kind: SheetEvent.Kind
        switch type {
        case .present: kind = .present(try canonicalPresentMembers())
        case .edit: throw NotCanonical()
        case .attemptDismiss: kind = .attemptDismiss(try canonicalAttemptDismissMembers())
        case .confirmDiscard:
            try expect(#""discardedFields":"#)
            let discarded = try canonicalStrings()
            try expect(#","presentation":"#)
            kind = .confirmDiscard(SheetEvent.ConfirmDiscard(presentation: try quotedString(), discardedFields: discarded))
        case .keepEditing:
            try expect(#""presentation":"#)
            kind = .keepEditing(SheetEvent.KeepEditing(presentation: try quotedString()))
        case .save:
            try expect(#""presentation":"#)
            let presentation = try quotedString()
            try expect(#","values":"#)
            kind = .save(SheetEvent.Save(presentation: presentation, values: try canonicalFieldValues()))
        case .saveFailed:
            try expect(#""presentation":"#)
            let presentation = try quotedString()
            try expect(#","reason":"#)
            kind = .saveFailed(SheetEvent.SaveFailed(presentation: presentation, reason: try quotedString()))
        case .restoreDraft:
            try expect(#""intoSession":"#)
            let intoSession = try quotedString()
            try expect(#","newPresentation":"#)
            let newPresentation = try quotedString()
            try expect(#","presentation":"#)
            kind = .restoreDraft(SheetEvent.RestoreDraft(
                presentation: try quotedString(), intoSession: intoSession, newPresentation: newPresentation))
        case .declineDraft:
            try expect(#""presentation":"#)
            kind = .declineDraft(SheetEvent.DeclineDraft(presentation: try quotedString()))
        case .endSession:
            kind = .endSession(SheetEvent.EndSession())
        }
        try expect("}")
        guard index == bytes.count else { throw NotCanonical() }
        return kind
    }

    private mutating func canonicalPresentMembers() throws -> SheetEvent.Present {
        try expect(#""baseline":"#)
        let baseline = try canonicalFieldValues()
        try expect(#","guard":"#)
        guard let dismissGuard = DismissGuard(rawValue: try quotedString()) else { throw NotCanonical() }
        try expect(#","presentation":"#)
        let presentation = try quotedString()
        try expect(#","required":"#)
        let required = try canonicalStrings()
        var restoredFrom: DraftReference?
        if accept(#","restoredFrom":{"presentation":"#) {
            let draftPresentation = try quotedString()
            try expect(#","session":"#)
            restoredFrom = DraftReference(session: try quotedString(), presentation: draftPresentation)
            try expect("}")
        }
        try expect(#","route":{"group":"#)
        let group = try quotedString()
        try expect(#","name":"#)
        let name = try quotedString()
        try expect(#","params":"#)
        let params = try canonicalStringObject()
        try expect("}")
        let values = accept(#","values":"#) ? try canonicalFieldValues() : nil
        return SheetEvent.Present(
            presentation: presentation, route: Route(name: name, group: group, params: params), baseline: baseline,
            values: values, required: required, dismissGuard: dismissGuard, restoredFrom: restoredFrom)
    }

    private mutating func canonicalAttemptDismissMembers() throws -> SheetEvent.AttemptDismiss {
        try expect(#""changedFields":"#)
        let changedFields = try canonicalStrings()
        try expect(#","confirmation":"#)
        let confirmation = try canonicalBool()
        try expect(#","dirty":"#)
        let dirty = try canonicalBool()
        let offersSave = accept(#","offersSave":"#) ? try canonicalBool() : nil
        try expect(#","outcome":"#)
        guard let outcome = DismissOutcome(rawValue: try quotedString()) else { throw NotCanonical() }
        try expect(#","popped":"#)
        let popped = try canonicalBool()
        try expect(#","presentation":"#)
        let presentation = try quotedString()
        try expect(#","source":"#)
        guard let source = DismissSource(rawValue: try quotedString()) else { throw NotCanonical() }
        return SheetEvent.AttemptDismiss(
            presentation: presentation, source: source, outcome: outcome, dirty: dirty, changedFields: changedFields,
            confirmation: confirmation, offersSave: offersSave, popped: popped)
    }

    private mutating func canonicalBool() throws -> Bool {
        if accept("true") { return true }
        if accept("false") { return false }
        throw NotCanonical()
    }

    private mutating func canonicalStrings() throws -> [String] {
        try expect("[")
        var strings: [String] = []
        if accept("]") { return strings }
        repeat { strings.append(try quotedString()) } while accept(",")
        try expect("]")
        return strings
    }

    /// An object of scalar field values (a baseline or a draft).
    private mutating func canonicalFieldValues() throws -> [String: FieldValue] {
        try expect("{")
        var values: [String: FieldValue] = [:]
        if accept("}") { return values }
        repeat {
            let key = try quotedString()
            try expect(":")
            let value: FieldValue
            switch try self.value() {
            case .string(let text): value = .string(text)
            case .number(let number): value = .number(number)
            case .bool(let flag): value = .bool(flag)
            case .null: value = .null
            case .object, .array: throw NotCanonical()
            }
            // A repeated key (however spelled) is refused by the general path, with its error.
            if values.updateValue(value, forKey: key) != nil { throw NotCanonical() }
        } while accept(",")
        try expect("}")
        return values
    }

    /// An object of strings (a route's parameters).
    private mutating func canonicalStringObject() throws -> [String: String] {
        try expect("{")
        var strings: [String: String] = [:]
        if accept("}") { return strings }
        repeat {
            let key = try quotedString()
            try expect(":")
            if strings.updateValue(try quotedString(), forKey: key) != nil { throw NotCanonical() }
        } while accept(",")
        try expect("}")
        return strings
    }
}
