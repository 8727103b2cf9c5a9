import SheetLogCore

/// The field-name lists of a `changed_fields` column read row after row, each made once for every
/// distinct text among the last few read: the dismissals of a form repeat a handful of lists, and
/// parsing each row's list (an array and its strings) and freeing it again was a third of what an
/// audit row's decoding cost. The rows then share one array per list (copy-on-write).
struct RecentFieldLists {
    /// Enough for the lists of the forms a query reaches in runs; each miss compares at most these.
    static let capacity = 16
    private var texts: [[UInt8]] = []
    private var lists: [[String]] = []
    private var replaced = 0
    private var lastFound = 0

    /// The list `bytes` hold: a recent row's when the bytes are the same, else `parse`'s.
    mutating func list(
        _ bytes: UnsafeBufferPointer<UInt8>, parse: (UnsafeBufferPointer<UInt8>) throws -> [String]
    ) rethrows -> [String] {
        guard let address = bytes.baseAddress else { return try parse(bytes) }
        func holds(_ index: Int) -> Bool {
            texts[index].count == bytes.count
                && texts[index].withUnsafeBufferPointer { ShortBytes.equal($0.baseAddress!, address, count: bytes.count) }
        }
        // Rows come in runs of one form's list: the last one found is tried first.
        if lastFound < texts.count && holds(lastFound) { return lists[lastFound] }
        for index in texts.indices where index != lastFound && holds(index) {
            lastFound = index
            return lists[index]
        }
        let list = try parse(bytes)
        if texts.count < Self.capacity {
            lastFound = texts.count
            texts.append(Array(bytes))
            lists.append(list)
        } else {
            lastFound = replaced
            texts[replaced] = Array(bytes)
            lists[replaced] = list
            replaced = (replaced + 1) % Self.capacity
        }
        return list
    }
}
