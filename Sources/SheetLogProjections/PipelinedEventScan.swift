import SheetLogDomain

/// Reads the whole log in position order on the database's thread and folds it, decoding the
/// payloads on a second thread a chunk or two ahead: rebuild's scan, for every backend (each
/// reads its rows into ``RawEventChunk``s its own way). Where values are opened (a sealed SQLite
/// log), each thread decodes its own streams of every chunk instead (`openingValues`).
///
/// The second thread also folds every other stream itself (``RebuildFold``), so that both threads
/// have about as much to do (measured at 200k: the scan took 0.20–0.24 s with every third stream
/// folded there, 0.19–0.20 s with every other one, 0.23–0.29 s with none). Decoding and folding are pure, and every stream is folded by one
/// thread in log order, so the result is the one a sequential scan gives; a refused payload throws
/// the error a sequential decode would have thrown first. Only the database's thread touches SQLite.
package enum PipelinedEventScan {
    /// Rows per chunk: large enough that handing a chunk over costs nothing per row, small enough
    /// that the decoding thread starts at once.
    package static let chunkRows = 512

    /// The streams the decoding thread folds: every other one, in order of first appearance.
    private static func foldsOnDecodingThread(_ streamNumber: Int) -> Bool { streamNumber % 2 == 1 }

    /// The decoding thread's fold; only that thread touches it until the last chunk is decoded.
    private final class DecodingThreadFold: @unchecked Sendable {
        var fold: RebuildFold

        init(seeds: [String: ProjectedSession]) {
            fold = RebuildFold(seeds: seeds)
        }
    }

    /// The sessions of the whole log, by name, and its dismissal rows, by position.
    ///
    /// `readChunk` is called on the calling thread only, with the number of rows a chunk holds; it
    /// returns the log's next rows in position order, fewer than asked for once the log ends.
    /// `keys` open sealed events (a snapshot: they are used on the decoding thread). `openingValues`
    /// says they hold data keys that open values (a sealed SQLite log), whose decoding then runs on
    /// both threads; keys that only withhold (the fleet's) leave decoding as cheap as a plain log's.
    ///
    /// `carried` are the states a prune carried across its cut: their streams' folds start from
    /// them, and their dismissal rows (and carried sessions no kept event continues) are in the result.
    package static func fold(
        keys: (any SubjectKeys)? = nil, openingValues: Bool = false, carried: [CarriedSession] = [],
        readingChunks readChunk: (_ capacity: Int) throws -> RawEventChunk
    ) throws -> (sessions: [ProjectedSession], dismissals: [DismissalRow]) {
        if let keys, openingValues { return try foldDecodingOnBothThreads(keys: keys, carried: carried, readingChunks: readChunk) }
        let seeds = Dictionary(carried.map { ($0.session, $0.projected) }, uniquingKeysWith: { first, _ in first })
        var decoding = WorkAhead<(events: [RawEventChunk.Decoded], error: SheetLogError?)>(
            label: "SheetLogProjections.rebuild-decode", depth: 2)
        let streams = StreamNumbers()
        let elsewhere = DecodingThreadFold(seeds: seeds)
        var here = RebuildFold(seeds: seeds)
        var exhausted = false
        while !exhausted || !decoding.isEmpty {
            if !exhausted {
                let chunk = try readChunk(chunkRows)
                exhausted = chunk.rows.count < chunkRows
                if !chunk.rows.isEmpty {
                    let rows = chunk
                    decoding.submit {
                        var decoded = rows.decoded(numbering: streams, keys: keys)
                        decoded.events.removeAll { event in
                            guard foldsOnDecodingThread(event.streamNumber) else { return false }
                            elsewhere.fold.fold(event)
                            return true
                        }
                        return decoded
                    }
                }
                // Read on while the decoding thread has room: the fold waits only at the end.
                if !exhausted && decoding.hasRoom { continue }
            }
            if decoding.isEmpty { continue }
            let decoded = decoding.next()
            for event in decoded.events { here.fold(event) }
            if let error = decoded.error { throw error }
        }
        // Every chunk was taken back: the decoding thread is done with its fold.
        return RebuildFold.merged(here, elsewhere.fold, carried: carried)
    }

    /// ``fold(keys:readingChunks:)`` of a sealed log: each thread decodes, as well as folds, its own
    /// streams of every chunk. Opening every value is most of a sealed scan, and left to the
    /// decoding thread alone it kept the database's thread waiting (measured at 100k: see the
    /// commit that made this split). The database's thread numbers the streams as it reads, so
    /// the numbers, and which thread folds a stream, are those of the plain scan.
    private static func foldDecodingOnBothThreads(
        keys: any SubjectKeys, carried: [CarriedSession], readingChunks readChunk: (_ capacity: Int) throws -> RawEventChunk
    ) throws -> (sessions: [ProjectedSession], dismissals: [DismissalRow]) {
        let seeds = Dictionary(carried.map { ($0.session, $0.projected) }, uniquingKeysWith: { first, _ in first })
        // The decoding thread's half of each chunk only says whether it refused an event (and at
        // which row of the chunk); this thread's refusals wait beside them, chunk by chunk, to be
        // compared in log order.
        typealias Refusal = (refusal: SheetLogError, row: Int)
        var decoding = WorkAhead<Refusal?>(label: "SheetLogProjections.rebuild-decode", depth: 2)
        var refusedHere: [Refusal?] = []
        let streams = StreamNumbers()
        let elsewhere = DecodingThreadFold(seeds: seeds)
        var here = RebuildFold(seeds: seeds)
        var exhausted = false
        while true {
            if !exhausted {
                let chunk = try readChunk(chunkRows)
                exhausted = chunk.rows.count < chunkRows
                if !chunk.rows.isEmpty {
                    let numbers = chunk.streamNumbers(streams)
                    decoding.submit {
                        let decoded = chunk.decoded(keys: keys, numbers: numbers, including: foldsOnDecodingThread)
                        for event in decoded.events { elsewhere.fold.fold(event) }
                        return decoded.error
                    }
                    let mine = chunk.decoded(keys: keys, numbers: numbers) { !foldsOnDecodingThread($0) }
                    for event in mine.events { here.fold(event) }
                    refusedHere.append(mine.error)
                    if mine.error != nil { exhausted = true }
                }
                // Read on while the decoding thread has room.
                if !exhausted && decoding.hasRoom { continue }
            }
            if decoding.isEmpty { break }
            // A refusal in either half is thrown, the first in log order, as a sequential decode
            // throws it: the chunks before this one had none.
            let theirs = decoding.next()
            if let error = firstInLog(refusedHere.removeFirst(), theirs) { throw error }
        }
        return RebuildFold.merged(here, elsewhere.fold, carried: carried)
    }

    /// The refusal of the earlier row of one chunk.
    private static func firstInLog(_ one: (refusal: SheetLogError, row: Int)?, _ other: (refusal: SheetLogError, row: Int)?) -> SheetLogError? {
        guard let one, let other else { return (one ?? other)?.refusal }
        return other.row < one.row ? other.refusal : one.refusal
    }
}
