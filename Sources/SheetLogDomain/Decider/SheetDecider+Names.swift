extension SheetDecider.Rules {
    /// The session id: no control or bidi formatting character (see `NameCharacters`), within the
    /// identifier limit. Its message cannot say "in session …": it would print the very id.
    func requireWellFormedSession(_ id: String, _ what: String = "session id") throws(SheetLogError) {
        var problem = NameCharacters.identifierProblem(in: id, limit: limits.maxIdentifierBytes, allowEmpty: true)
        if problem == nil, SubjectErasure.isLogStream(id) {
            problem = SubjectErasure.reservedSessionProblem
        }
        if let problem {
            throw SheetLogError(
                .invalidInput, "\(command): the \(what) \(problem)",
                context: .init(stream: session, actualVersion: state.version, operation: command, limit: limits.maxIdentifierBytes))
        }
    }

    /// Every id and name `command` carries — presentation ids, route name, group and parameter
    /// names, field names, draft references — checked before any rule looks them up or quotes them.
    func requireWellFormedNames(_ command: SheetCommand) throws(SheetLogError) {
        switch command {
        case let .present(presentation, route, baseline, required, _):
            try requireName(presentation, "presentation id")
            try requireName(route.name, "route name of presentation \(presentation)", presentation: presentation)
            try requireName(route.group, "route group of presentation \(presentation)", presentation: presentation)
            for key in route.params.keys { try requireName(key, "a route parameter name of presentation \(presentation)", presentation: presentation) }
            for field in baseline.keys { try requireName(field, "a field name of presentation \(presentation)", presentation: presentation) }
            for field in required { try requireName(field, "a required field name of presentation \(presentation)", presentation: presentation) }
        case let .edit(field, _, presentation):
            try requireOptionalName(presentation)
            try requireName(field, "field name", presentation: presentation)
        case let .save(values, presentation):
            try requireOptionalName(presentation)
            for field in (values ?? [:]).keys { try requireName(field, "a field name", presentation: presentation) }
        case .attemptDismiss(_, let presentation), .confirmDiscard(let presentation), .keepEditing(let presentation),
            .saveFailed(_, let presentation):
            try requireOptionalName(presentation)
        case let .restoreDraft(reference, newPresentation):
            try requireDraftReference(reference)
            try requireOptionalName(newPresentation)
        case .declineDraft(let reference):
            try requireDraftReference(reference)
        case .dismissAll, .endSession:
            break
        }
    }

    /// The draft's session and presentation ids.
    func requireDraftReference(_ reference: DraftReference) throws(SheetLogError) {
        try requireWellFormedSession(reference.session, "draft session id")
        try requireName(reference.presentation, "draft presentation id")
    }

    private func requireOptionalName(_ presentation: String?) throws(SheetLogError) {
        if let presentation { try requireName(presentation, "presentation id") }
    }

    /// An id or name: no forbidden character, at most `maxIdentifierBytes` UTF-8 bytes (so that
    /// every event that names it stays within the payload limit). Emptiness is each rule's own.
    func requireName(_ name: String, _ what: String, presentation: String? = nil) throws(SheetLogError) {
        if let problem = NameCharacters.problem(in: name) {
            // Neither the name nor, when it is the one at fault, the presentation id goes into the context.
            throw violation(
                "\(what) \(problem)", code: .invalidInput,
                presentation: presentation.flatMap { NameCharacters.firstForbidden(in: $0) == nil ? $0 : nil })
        }
        if name.utf8.count > limits.maxIdentifierBytes {
            var error = violation("\(what) is longer than \(limits.maxIdentifierBytes) bytes", code: .invalidInput, presentation: presentation)
            error.context.limit = limits.maxIdentifierBytes
            throw error
        }
    }
}
