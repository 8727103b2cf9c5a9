import Testing
@testable import SheetLogSQLite

@Suite("Log tail cache")
struct LogTailCacheTests {
    private func tail(_ dataVersion: Int64, _ totalChanges: Int, position: Int64 = 7) -> LogTailCache.Tail {
        LogTailCache.Tail(dataVersion: dataVersion, totalChanges: totalChanges, position: position, chain: [1, 2],
                          streamVersions: ["s1": 3])
    }

    @Test("a tail is trusted only while data_version and the change count are as stored, within its epoch")
    func trustedWhileUnchanged() {
        let cache = LogTailCache()
        let (none, first) = cache.tail(dataVersion: 1, totalChanges: 10)
        #expect(none == nil)
        cache.store(tail(1, 12), epoch: first)

        let (hit, same) = cache.tail(dataVersion: 1, totalChanges: 12)
        #expect(hit?.position == 7)
        #expect(hit?.streamVersions == ["s1": 3])
        #expect(same == first)

        // Another connection committed: a new epoch, and the tail is gone for good.
        let (afterOther, second) = cache.tail(dataVersion: 2, totalChanges: 12)
        #expect(afterOther == nil)
        #expect(second != first)
        #expect(cache.tail(dataVersion: 1, totalChanges: 12).tail == nil)
    }

    @Test("a write through the store's own connection starts a new epoch")
    func ownConnectionWrite() {
        let cache = LogTailCache()
        let (_, first) = cache.tail(dataVersion: 1, totalChanges: 0)
        cache.store(tail(1, 5), epoch: first)
        let (missed, second) = cache.tail(dataVersion: 1, totalChanges: 6)
        #expect(missed == nil)
        #expect(second != first)
    }

    @Test("a tail of an ended epoch is not stored, and invalidate forgets the tail")
    func staleStoreAndInvalidate() {
        let cache = LogTailCache()
        let (_, first) = cache.tail(dataVersion: 1, totalChanges: 0)
        let (_, second) = cache.tail(dataVersion: 2, totalChanges: 0)
        cache.store(tail(1, 0), epoch: first)
        #expect(cache.tail(dataVersion: 1, totalChanges: 0).tail == nil)
        let (_, third) = cache.tail(dataVersion: 3, totalChanges: 0)
        #expect(third != second)
        cache.store(tail(3, 0), epoch: third)
        cache.invalidate()
        #expect(cache.tail(dataVersion: 3, totalChanges: 0).tail == nil)
    }

    @Test("two stores never share an epoch")
    func storesDiffer() {
        #expect(LogTailCache().tail(dataVersion: 1, totalChanges: 0).epoch != LogTailCache().tail(dataVersion: 1, totalChanges: 0).epoch)
    }

    @Test("past its capacity the stream versions start again")
    func boundedStreams() {
        let cache = LogTailCache()
        let (_, epoch) = cache.tail(dataVersion: 1, totalChanges: 0)
        var many = tail(1, 0)
        for index in 0...LogTailCache.streamCapacity { many.streamVersions["s\(index)"] = 1 }
        cache.store(many, epoch: epoch)
        #expect(cache.tail(dataVersion: 1, totalChanges: 0).tail?.streamVersions.isEmpty == true)
    }
}
