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

    /// A sealed payload (schema 2) of a type that holds no value, in the encoder's layout: the
    /// plain layout with the session's `subject` last (sorted keys put it there for every such
    /// type). Nil for a type that holds values, and for any other layout.
    package static func decodeSealedWithoutValues(
        _ type: SheetEventType, _ payload: UnsafeBufferPointer<UInt8>
    ) -> (kind: SheetEvent.Kind, subject: String)? {
        switch type {
        case .present, .edit, .save: return nil
        case .attemptDismiss, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession: break
        }
        var reader = JSONReader(bytes: payload, options: .stored)
        guard let (kind, subject) = try? reader.canonicalKind(type, readingSubject: true), let subject else { return nil }
        return (kind, subject)
    }

    package static func decode(_ type: SheetEventType, _ payload: String) -> SheetEvent.Kind? {
        var payload = payload
        return payload.withUTF8 { decode(type, $0) }
    }
}

extension JSONReader {
    mutating func canonicalKind(_ type: SheetEventType) throws -> SheetEvent.Kind {
        try canonicalKind(type, readingSubject: false).kind
    }

    /// With `readingSubject` (a sealed payload of a type without values), its `subject` member is
    /// read last, where the encoder writes it.
    mutating func canonicalKind(_ type: SheetEventType, readingSubject: Bool) throws -> (kind: SheetEvent.Kind, subject: String?) {
        if type == .edit { return (.edit(try canonicalEdit()), nil) }
        try expect("{")
        let kind: SheetEvent.Kind
        switch type {
        case .present: kind = .present(try canonicalPresentMembers())
        case .edit: throw NotCanonical()
        case .attemptDismiss: kind = .attemptDismiss(try canonicalAttemptDismissMembers())
        case .confirmDiscard:
            try expect(#""discardedFields":"#)
            let discarded = try canonicalStrings()
            let presentation = try quotedString(after: #","presentation":"#)
            kind = .confirmDiscard(SheetEvent.ConfirmDiscard(presentation: presentation, discardedFields: discarded))
        case .keepEditing:
            kind = .keepEditing(SheetEvent.KeepEditing(presentation: try quotedString(after: #""presentation":"#)))
        case .save:
            let presentation = try quotedString(after: #""presentation":"#)
            try expect(#","values":"#)
            kind = .save(SheetEvent.Save(presentation: presentation, values: try canonicalFieldValues()))
        case .saveFailed:
            let presentation = try quotedString(after: #""presentation":"#)
            kind = .saveFailed(SheetEvent.SaveFailed(presentation: presentation, reason: try quotedString(after: #","reason":"#)))
        case .restoreDraft:
            let intoSession = try quotedString(after: #""intoSession":"#)
            let newPresentation = try quotedString(after: #","newPresentation":"#)
            kind = .restoreDraft(SheetEvent.RestoreDraft(
                presentation: try quotedString(after: #","presentation":"#), intoSession: intoSession, newPresentation: newPresentation))
        case .declineDraft:
            kind = .declineDraft(SheetEvent.DeclineDraft(presentation: try quotedString(after: #""presentation":"#)))
        case .endSession:
            kind = .endSession(SheetEvent.EndSession())
        }
        let subject = readingSubject ? try quotedString(after: type == .endSession ? #""subject":"# : #","subject":"#) : nil
        try expect("}")
        guard index == bytes.count else { throw NotCanonical() }
        return (kind, subject)
    }

    private mutating func canonicalPresentMembers() throws -> SheetEvent.Present {
        try expect(#""baseline":"#)
        let baseline = try canonicalFieldValues()
        guard let dismissGuard = DismissGuard(rawValue: try quotedString(after: #","guard":"#)) else { throw NotCanonical() }
        let presentation = try quotedString(after: #","presentation":"#)
        try expect(#","required":"#)
        let required = try canonicalStrings()
        var restoredFrom: DraftReference?
        if accept(#","restoredFrom":{"presentation":"#) {
            let draftPresentation = try quotedString()
            restoredFrom = DraftReference(session: try quotedString(after: #","session":"#), presentation: draftPresentation)
            try expect("}")
        }
        let group = try quotedString(after: #","route":{"group":"#)
        let name = try quotedString(after: #","name":"#)
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
        guard let outcome = DismissOutcome(rawValue: try quotedString(after: #","outcome":"#)) else { throw NotCanonical() }
        try expect(#","popped":"#)
        let popped = try canonicalBool()
        let presentation = try quotedString(after: #","presentation":"#)
        guard let source = DismissSource(rawValue: try quotedString(after: #","source":"#)) else { throw NotCanonical() }
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
            let value = try canonicalFieldValue()
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
