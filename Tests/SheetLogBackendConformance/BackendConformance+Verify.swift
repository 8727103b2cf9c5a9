import SheetLogDomain
import SheetLogStorage
import Testing

/// What verify and rebuild need: every check passes on a log the backend wrote, and a rebuild
/// writes the rows the appends wrote.
extension BackendConformance {
    static func aLogTheBackendWroteVerifies(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        try await sheetScenario(on: backend)
        let integrity = try await backend.integrityCheck()
        #expect(integrity.name == "integrity_check" && integrity.passed, "\(integrity.detail)")
        #expect(try await backend.verifyChain() == ChainVerification(checkedEvents: 7, firstBrokenPosition: nil))
        let shape = try await backend.logShape()
        #expect(shape.events == 7 && shape.sessions == 2)
        #expect(shape.positions.name == "positions" && shape.positions.passed, "\(shape.positions.detail)")
        #expect(shape.versions.name == "versions" && shape.versions.passed, "\(shape.versions.detail)")
        #expect(try await backend.verifyProjections() == [])
        #expect(backend.projectionNames.contains("sheets"))
        let keys = try await backend.subjectKeysCheck()
        #expect(keys.name == "subject-keys" && keys.passed, "\(keys.detail)")
        let appendOnly = try await backend.appendOnlyCheck()
        #expect(appendOnly.name == "append-only" && appendOnly.passed, "\(appendOnly.detail)")
    }

    static func aRebuildWritesTheSameRows(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = try await sheetScenario(on: backend)
        let sessions = try await backend.sessions()
        let drafts = try await backend.recoverableDrafts()
        let dismissals = try await backend.dismissals(matching: AuditQuery(), .all)
        try await backend.rebuildProjections()
        #expect(try await backend.sessions() == sessions)
        #expect(try await backend.recoverableDrafts() == drafts)
        #expect(try await backend.dismissals(matching: AuditQuery(), .all) == dismissals)
        #expect(try await backend.verifyProjections() == [])

        // Appends go on from the rebuilt rows.
        try await append([try script.batch(.save(), in: "t")], to: backend)
        #expect(try await backend.sessions().map(\.version) == [5, 3])
        #expect(try await backend.recoverableDrafts().map(\.presentation) == ["p"])
        #expect(try await backend.verifyProjections() == [])
    }
}
