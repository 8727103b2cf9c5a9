/// Comparing secrets without telling how much of a guess was right by how long the comparison took.
enum ConstantTime {
    /// Whether `a` and `b` are the same bytes, in a time that depends on their lengths only.
    static func equal(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
