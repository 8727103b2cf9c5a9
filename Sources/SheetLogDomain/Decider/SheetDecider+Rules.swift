extension SheetDecider {
    /// The preconditions shared by the commands, each throwing a rule violation that names the
    /// command, the rule and the session (never a field value).
    struct Rules {
        let command: String
        let state: SessionState
        /// The limits of the store the events go to: ids and names, and payload sizes, are checked against them.
        var limits: InputLimits = .default

        var session: String { state.sessionID }

        /// "<command>: <rule> in session <s>", with the context filled.
        /// `broken` is the rule's case for a ``SheetLogError/Code/ruleViolation`` (nil for an input error).
        func violation(
            _ rule: String, code: SheetLogError.Code = .ruleViolation, presentation: String? = nil, field: String? = nil,
            broken: SheetLogError.Rule? = nil
        ) -> SheetLogError {
            SheetLogError(
                code, "\(command): \(rule) in session \(session)",
                context: .init(
                    stream: session, actualVersion: state.version, presentation: presentation, field: field,
                    operation: command),
                rule: broken)
        }

        func requireNotEnded() throws(SheetLogError) {
            if state.ended { throw violation("no command is accepted after endSession", broken: .sessionEnded) }
        }

        /// The top sheet, which must be `presentation` when one is named.
        func requireTop(_ presentation: String?) throws(SheetLogError) -> Presentation {
            guard let top = state.top else {
                throw violation("no sheet is presented", presentation: presentation, broken: .noSheetPresented)
            }
            if let presentation, presentation != top.id {
                throw violation("presentation \(presentation) is not the top sheet (\(top.id))", presentation: presentation, broken: .notTopSheet)
            }
            return top
        }

        /// The top sheet, with no discard alert up.
        func requireInteractiveTop(_ presentation: String?) throws(SheetLogError) -> Presentation {
            let top = try requireTop(presentation)
            if top.pendingConfirmation != nil {
                throw violation("a confirmation is pending on presentation \(top.id)", presentation: top.id, broken: .confirmationPending)
            }
            return top
        }

        /// The top sheet, with its discard alert up.
        func requirePendingConfirmation(_ presentation: String?) throws(SheetLogError) -> Presentation {
            guard let top = state.top, top.pendingConfirmation != nil else {
                throw violation("no confirmation is pending", presentation: presentation, broken: .noConfirmationPending)
            }
            return try requireTop(presentation)
        }

        /// The top sheet where Save can be tapped: no alert, or an alert that offers Save.
        func requireSavableTop(_ presentation: String?) throws(SheetLogError) -> Presentation {
            let top = try requireTop(presentation)
            if let pending = top.pendingConfirmation, !pending.offersSave {
                throw violation("the pending confirmation on presentation \(top.id) does not offer Save", presentation: top.id, broken: .saveNotOffered)
            }
            return top
        }

        /// The rules of `present`: a well-formed sheet, an unused id, no alert on the top, a free
        /// group, and a form that fits (see `requireFormFits(_:)`).
        func requirePresentable(_ payload: SheetEvent.Present) throws(SheetLogError) {
            let id = payload.presentation
            if id.isEmpty { throw violation("the presentation id is empty", code: .invalidInput) }
            if payload.route.name.isEmpty || payload.route.group.isEmpty {
                throw violation("the route name or group of presentation \(id) is empty", code: .invalidInput, presentation: id)
            }
            for (field, value) in payload.baseline { try requireValid(field: field, value: value, presentation: id) }
            for (field, value) in payload.values ?? [:] { try requireValid(field: field, value: value, presentation: id) }
            if payload.required.contains(where: { $0.isEmpty }) {
                throw violation("a required field name of presentation \(id) is empty", code: .invalidInput, presentation: id)
            }
            try requireNotEnded()
            if state.presentations[id] != nil {
                throw violation("presentation \(id) is already used", presentation: id, broken: .presentationIDUsed)
            }
            if let top = state.top, top.pendingConfirmation != nil {
                throw violation("a confirmation is pending on presentation \(top.id)", presentation: id, broken: .confirmationPending)
            }
            if let holder = state.stack.first(where: { $0.route.group == payload.route.group }) {
                throw violation(
                    "route group \(payload.route.group) is already in the stack (presentation \(holder.id))", presentation: id,
                    broken: .routeGroupTaken)
            }
            try requireFormFits(payload)
        }

        /// A field name that is not empty and a value that JSON can hold (no value in the message).
        func requireValid(field: String, value: FieldValue, presentation: String) throws(SheetLogError) {
            if field.isEmpty {
                throw violation("a field name of presentation \(presentation) is empty", code: .invalidInput, presentation: presentation)
            }
            if value.isMarker {
                throw violation(
                    "field \(field) of presentation \(presentation) holds a value read as \(value == .erased ? "erased" : "withheld"), which is what reading gives, not a value to record",
                    code: .invalidInput, presentation: presentation, field: field)
            }
            if !value.isFinite {
                throw violation(
                    "field \(field) of presentation \(presentation) holds a non-finite number", code: .invalidInput,
                    presentation: presentation, field: field)
            }
            // The log refuses NUL in any text it stores: said here, naming the field, rather than
            // by the store, which could only name an event id.
            if case .string(let text) = value, text.utf8.contains(0) {
                throw violation(
                    "field \(field) of presentation \(presentation) holds a NUL character (U+0000), which SheetLog does not store",
                    code: .invalidInput, presentation: presentation, field: field)
            }
        }

        /// The recoverable draft `reference` points at, in this (its own) session.
        func requireRecoverable(_ reference: DraftReference) throws(SheetLogError) -> Presentation {
            if reference.session != session {
                throw violation(
                    "draft \(reference) belongs to session \(reference.session), not to this one",
                    presentation: reference.presentation, broken: .draftInAnotherSession)
            }
            guard let presentation = state.presentations[reference.presentation] else {
                throw violation(
                    "presentation \(reference.presentation) does not exist", presentation: reference.presentation, broken: .presentationNotFound)
            }
            if !presentation.isRecoverable {
                throw violation(
                    "presentation \(reference.presentation) is not a recoverable draft (status \(presentation.status.rawValue), "
                        + (presentation.isDirty ? "dirty)" : "clean)"),
                    presentation: reference.presentation, broken: .draftNotRecoverable)
            }
            return presentation
        }
    }
}
