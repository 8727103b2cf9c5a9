extension Duration {
    /// The duration in seconds, as GRDB's busy timeout wants it.
    var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
