extension SheetDecider.Rules {
    /// The most bytes a form with these parts can take in any event: the `present` a restore of its
    /// draft writes — baseline and values together, its route and required fields — with its three
    /// ids (the new presentation, and the session and presentation it is restored from) as long as
    /// ids may be (escaped: ids hold no control characters, so at most two bytes a byte).
    ///
    /// The bound does not depend on the form's actual ids, so a draft restored into a session with
    /// a longer id, and restored again from there, still fits. Every other event of the form is
    /// smaller: `save` holds the values alone, `edit` one of them, `attemptDismiss` and
    /// `confirmDiscard` names of fields counted here with their values. Keeping this within the
    /// payload limit at every step is what lets a draft the decider accepted always be saved,
    /// dismissed, discarded and restored.
    ///
    /// In a sealed log (``InputLimits/payloadsSealed``) the byte counts are the sealed payloads':
    /// each value as its sealed text, with the members a sealed payload adds (`fields` named in
    /// `changed`, the subject as long as an id may be).
    func formBytes(
        route: Route, baselineBytes: Int, valuesBytes: Int, required: [String], dismissGuard: DismissGuard,
        fields: some Sequence<String>
    ) -> Int {
        PayloadSize.present(
            presentation: "", route: route, baselineBytes: baselineBytes, valuesBytes: valuesBytes, required: required,
            dismissGuard: dismissGuard, restoredFrom: DraftReference(session: "", presentation: ""))
            + 3 * 2 * limits.maxIdentifierBytes + sealedMembers(fields)
    }

    /// What a sealed payload adds beside its values, at most; 0 in a plain log.
    private func sealedMembers(_ fields: some Sequence<String>) -> Int {
        limits.payloadsSealed ? PayloadSize.sealedMembers(fields: fields, maxIdentifierBytes: limits.maxIdentifierBytes) : 0
    }

    private func bytes(of values: [String: FieldValue]) -> Int {
        PayloadSize.values(values, sealed: limits.payloadsSealed)
    }

    /// A new sheet's form, or a restored draft, must fit: see ``formBytes(route:baselineBytes:valuesBytes:required:dismissGuard:fields:)``.
    func requireFormFits(_ payload: SheetEvent.Present) throws(SheetLogError) {
        let baselineBytes = bytes(of: payload.baseline)
        let bytes = formBytes(
            route: payload.route, baselineBytes: baselineBytes, valuesBytes: payload.values.map { self.bytes(of: $0) } ?? baselineBytes,
            required: payload.required, dismissGuard: payload.dismissGuard,
            fields: Set(payload.baseline.keys).union(payload.values?.keys ?? [:].keys))
        guard bytes > limits.maxPayloadBytes else { return }
        if let draft = payload.restoredFrom {
            // Only a draft stored before this rule can be this large.
            throw tooLarge(
                "the draft of presentation \(draft.presentation) would take \(bytes) bytes when restored (it can be declined)",
                presentation: draft.presentation, field: Self.largestField(of: payload.values ?? payload.baseline))
        }
        let largest = Self.largestField(of: payload.baseline)
        throw tooLarge(
            "the baseline of presentation \(payload.presentation) would take \(bytes) bytes when saved or restored"
                + (largest.map { " (largest field: \($0))" } ?? ""),
            presentation: payload.presentation, field: largest)
    }

    /// An edit may not take the draft past the limit; one that shrinks a draft already past it
    /// (stored before this rule) is let through, so that the user can still act.
    func requireEditFits(_ field: String, _ value: FieldValue, on top: Presentation) throws(SheetLogError) {
        let sealed = limits.payloadsSealed
        let baselineBytes = bytes(of: top.baseline)
        let valuesBytes = bytes(of: top.values)
        var newValuesBytes = valuesBytes
        if let index = top.values.index(forKey: field) {
            // The stored key, which may be spelled differently (another Unicode normal form).
            let stored = top.values[index]
            newValuesBytes += PayloadSize.member(stored.key, value, sealed: sealed) - PayloadSize.member(stored.key, stored.value, sealed: sealed)
        } else {
            newValuesBytes += PayloadSize.member(field, value, sealed: sealed) + (top.values.isEmpty ? 0 : 1)
        }
        guard newValuesBytes > valuesBytes else { return }
        let bytes = formBytes(
            route: top.route, baselineBytes: baselineBytes, valuesBytes: newValuesBytes, required: top.required,
            dismissGuard: top.dismissGuard, fields: Set(top.baseline.keys).union(top.values.keys).union([field]))
        if bytes > limits.maxPayloadBytes {
            throw tooLarge(
                "field \(field) would make the draft of presentation \(top.id) take \(bytes) bytes when saved or restored",
                presentation: top.id, field: field)
        }
    }

    /// The `save` payload with these final values must fit.
    func requireSaveFits(_ values: [String: FieldValue], of top: Presentation) throws(SheetLogError) {
        let bytes = PayloadSize.save(presentation: top.id, valuesBytes: bytes(of: values))
            + sealedMembers(Set(values.keys).union(top.baseline.keys))
        if bytes > limits.maxPayloadBytes {
            let largest = Self.largestField(of: values)
            throw tooLarge(
                "the values of presentation \(top.id) take \(bytes) bytes" + (largest.map { " (largest field: \($0))" } ?? ""),
                presentation: top.id, field: largest)
        }
    }

    /// The `saveFailed` payload with this reason must fit (in a sealed log, with its subject).
    func requireSaveFailedFits(_ reason: String, of top: Presentation) throws(SheetLogError) {
        let bytes = PayloadSize.saveFailed(presentation: top.id, reason: reason)
            + (limits.payloadsSealed ? PayloadSize.sealedSubject(maxIdentifierBytes: limits.maxIdentifierBytes) : 0)
        if bytes > limits.maxPayloadBytes {
            throw tooLarge("the reason for presentation \(top.id) takes \(bytes) bytes", presentation: top.id, field: nil)
        }
    }

    private func tooLarge(_ rule: String, presentation: String, field: String?) -> SheetLogError {
        var error = violation(
            "\(rule), over the limit of \(limits.maxPayloadBytes)", code: .payloadTooLarge, presentation: presentation, field: field)
        error.context.limit = limits.maxPayloadBytes
        return error
    }

    /// The field whose member takes the most bytes (the first by name among equals), to name in a message.
    private static func largestField(of values: [String: FieldValue]) -> String? {
        values.max { lhs, rhs in
            let (l, r) = (PayloadSize.member(lhs.key, lhs.value), PayloadSize.member(rhs.key, rhs.value))
            return l != r ? l < r : lhs.key > rhs.key
        }?.key
    }
}
