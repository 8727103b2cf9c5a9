extension SheetLogDatabase {
    /// Checks the database end to end: SQLite's `integrity_check`, the integrity chain, gap-free
    /// positions never reused, versions 1…n in position order in every session, that every event
    /// decodes, that the projections equal a rebuild from the log, that the subjects' keys agree with
    /// the log's erasures, and the append-only triggers as shipped. Runs every check and names the first failure.
    @concurrent
    public func verify() async throws -> VerificationReport {
        var checks: [VerificationReport.Check] = []
        checks.append(try await backend.integrityCheck())
        checks.append(Self.chainCheck(try await backend.verifyChain()))
        let shape = try await backend.logShape()
        checks.append(shape.positions)
        checks.append(shape.versions)
        checks.append(try await decodingCheck())
        checks.append(try await projectionsCheck())
        checks.append(try await backend.subjectKeysCheck())
        // Last: what is wrong with the data comes first; this says whether the log is still guarded.
        checks.append(try await backend.appendOnlyCheck())
        return VerificationReport(events: shape.events, sessions: shape.sessions, checks: checks)
    }

    /// Drops every projection row and refills the projections from the log, in one transaction.
    @concurrent
    public func rebuildProjections() async throws {
        try await backend.rebuildProjections()
    }

    private static func chainCheck(_ chain: ChainVerification) -> VerificationReport.Check {
        if let position = chain.firstBrokenPosition {
            let reason = chain.breakReason ?? .mismatch
            let why: String
            switch reason {
            case .mismatch: why = ""  // the position says it all: that event, or one before it, was changed
            case .unknownRule, .downgrade: why = ": \(reason)"
            }
            return .init(name: "chain", passed: false, detail: "the integrity chain breaks at position \(position)\(why)")
        }
        let ruleOne = chain.ruleOneEvents == 0 ? ""
            : " (\(chain.ruleOneEvents) of them before migration 0006, under rule 1, which leaves their times and metadata out)"
        return .init(name: "chain", passed: true, detail: "\(chain.checkedEvents) events chained\(ruleOne)")
    }

    /// The projections must equal a rebuild; a log the rebuild refuses (an event this build cannot
    /// decode, a sealed value altered or moved, a key row gone) is a finding too, not an error of
    /// `verify`.
    private func projectionsCheck() async throws -> VerificationReport.Check {
        let mismatches: [ProjectionMismatch]
        do {
            mismatches = try await backend.verifyProjections()
        } catch let error as SheetLogError where error.code == .keyUnavailable {
            return .skipped("projections", because: error.message)
        } catch let error as SheetLogError
                    where error.code == .undecodableEvent || error.code == .unsupportedSchemaVersion || error.code == .integrityViolation {
            return .init(name: "projections", passed: false, detail: "no rebuild to compare with: \(error.message)")
        }
        return .init(
            name: "projections", passed: mismatches.isEmpty,
            detail: mismatches.first?.description ?? "\(backend.projectionNames.count) projection(s) equal a rebuild")
    }

    /// Every event must decode as a sheet event this build understands.
    private func decodingCheck() async throws -> VerificationReport.Check {
        var cursor: Int64 = 0
        var checked = 0
        var unopened = 0
        let keys = backend.subjectKeys
        let withoutKeys = keys is NoSubjectKeys
        while true {
            // Between chunks, as export does: a backend's read may not look at the task itself.
            try Task.checkCancellation()
            let chunk = try await backend.readAll(after: cursor, limit: 1_000)
            for event in chunk {
                do {
                    if SubjectErasure.isLogLevel(type: event.type) {
                        _ = try SubjectErasure.decode(event)
                    } else {
                        _ = try SheetEventCodec.decode(event, keys: keys)
                        if withoutKeys && event.schemaVersion == SheetEventCodec.sealedSchemaVersion { unopened += 1 }
                    }
                } catch {
                    return .init(name: "decoding", passed: false, detail: error.message)
                }
            }
            checked += chunk.count
            guard let last = chunk.last, chunk.count == 1_000 else { break }
            cursor = last.position
        }
        // Without the master key the structure of a sealed event decodes, its values are not opened.
        let sealed = unopened == 0 ? "" : "; the values of \(unopened) sealed events were not opened (no master key given)"
        return .init(name: "decoding", passed: true, detail: "\(checked) events decode\(sealed)")
    }
}
