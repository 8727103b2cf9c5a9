import SheetLogDomain
import SheetLogReliability
import SheetLogSQLite
import Testing

@Suite("reliability: workload")
struct WorkloadTests {
    @Test("the same seed gives the same appends; another seed other ones")
    func deterministic() {
        #expect(Workload(seed: 3, appendCount: 40).appends == Workload(seed: 3, appendCount: 40).appends)
        #expect(Workload(seed: 3, appendCount: 40).appends != Workload(seed: 4, appendCount: 40).appends)
    }

    @Test("appends hold 1 to 4 events of real commands, with long non-ASCII values, over several sessions")
    func shape() throws {
        let workload = Workload(seed: 5, appendCount: 300)
        #expect(workload.appends.allSatisfy { (1...4).contains($0.events.count) })
        let events = workload.appends.flatMap(\.events)
        let types = Set(events.map(\.type))
        #expect(types.isSuperset(of: ["present", "edit", "attemptDismiss", "confirmDiscard", "keepEditing", "save"]))
        let edits = try events.filter { $0.type == "edit" }.map { try SheetEventCodec.decode($0) }
        let texts = edits.compactMap { event -> String? in
            if case .edit(let edit) = event.kind, case .string(let text) = edit.value, !text.isEmpty { return text }
            return nil
        }
        #expect(texts.allSatisfy { (16...2048).contains($0.utf8.count) })
        #expect(texts.contains { $0.utf8.count > 1024 } && texts.contains { $0.utf8.count < 64 })
        #expect(texts.contains { $0.unicodeScalars.contains { $0.value > 0x7F } })
        #expect(Set(workload.appends.flatMap { $0.batches.map(\.stream) }).count >= 3)
        #expect(workload.appends.contains { $0.batches.count == 2 })
    }

    @Test("the whole workload appends cleanly with its expected versions")
    func appendsCleanly() async throws {
        let workload = Workload(seed: 6, appendCount: 150)
        let store = try SQLiteEventStore.inMemory()
        for append in workload.appends { _ = try await store.append(append.batches) }
        #expect(try await store.lastPosition() == Int64(workload.appends.flatMap(\.events).count))
    }
}
