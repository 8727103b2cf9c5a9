import Foundation
import SheetLogCore
import Testing

@Suite("EventIdentifier: random ids are version 4 UUIDs in lowercase")
struct EventIdentifierTests {
    @Test("each id is a lowercase version 4, variant 10 UUID that Foundation reads back unchanged")
    func idsAreVersionFourUUIDs() throws {
        let hex = Set("0123456789abcdef")
        for _ in 0..<2_000 {
            let id = EventIdentifier.random()
            let groups = id.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.map(\.count) == [8, 4, 4, 4, 12], "\(id)")
            #expect(id.replacingOccurrences(of: "-", with: "").allSatisfy(hex.contains), "\(id)")
            #expect(groups[2].first == "4", "\(id)")
            #expect("89ab".contains(groups[3].first ?? "x"), "\(id)")
            let parsed = try #require(UUID(uuidString: id), "\(id)")
            #expect(parsed.uuidString.lowercased() == id)
        }
    }

    @Test("ids do not repeat, and every random hex digit takes all sixteen values")
    func idsAreRandom() {
        let ids = (0..<20_000).map { _ in EventIdentifier.random() }
        #expect(Set(ids).count == ids.count)
        // Each of the 30 hex digits outside the fixed version and variant nibbles takes many values.
        let digits = ids.map { Array($0.replacingOccurrences(of: "-", with: "")) }
        for position in 0..<32 where position != 12 && position != 16 {
            #expect(Set(digits.map { $0[position] }).count == 16, "digit \(position)")
        }
        #expect(Set(digits.map { $0[16] }) == Set("89ab"))
    }
}
