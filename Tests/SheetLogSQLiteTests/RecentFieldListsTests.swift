import SheetLogCore
import Testing

@testable import SheetLogSQLite

@Suite("The audit's byte comparisons and its recent field lists, against plain models")
struct RecentFieldListsTests {
    @Test("ShortBytes.equal agrees with array equality for every length to 40 and every differing position")
    func shortBytesAgreesWithArrays() {
        var random = SystemRandomNumberGenerator()
        for count in 0...40 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes.withUnsafeBufferPointer { lhs in
                var same = bytes
                same.withUnsafeBufferPointer { rhs in
                    #expect(count == 0 || ShortBytes.equal(lhs.baseAddress!, rhs.baseAddress!, count: count))
                }
                for position in 0..<count {
                    same = bytes
                    same[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
                    same.withUnsafeBufferPointer { rhs in
                        #expect(!ShortBytes.equal(lhs.baseAddress!, rhs.baseAddress!, count: count), "length \(count), byte \(position)")
                    }
                }
            }
        }
    }

    @Test("each list equals a fresh parse of its text, over more distinct texts than the cache holds, in runs and not")
    func listsEqualFreshParses() throws {
        // Texts of equal length differing in one byte, so that only the bytes tell them apart.
        let texts = (0..<(RecentFieldLists.capacity * 2)).map { index in #"["amount","note","t\#(index % 10)\#(index / 10)"]"# }
        var random = SystemRandomNumberGenerator()
        var lists = RecentFieldLists()
        var parses = 0
        var order: [Int] = []
        for _ in 0..<400 {
            let index = Int.random(in: 0..<texts.count, using: &random)
            order += Array(repeating: Bool.random(using: &random) ? index : (index % 4), count: Int.random(in: 1...5, using: &random))
        }
        for index in order {
            let text = texts[index]
            let list = try Array(text.utf8).withUnsafeBufferPointer { bytes in
                try lists.list(bytes) { bytes in
                    parses += 1
                    return try #require(FieldNameList.parseUnescaped(bytes))
                }
            }
            #expect(list == ["amount", "note", "t\(index % 10)\(index / 10)"], "\(text)")
        }
        #expect(parses < order.count / 2, "\(parses) parses for \(order.count) rows")
    }
}
