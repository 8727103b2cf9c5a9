/// Times a piece of work on the monotonic clock.
enum Stopwatch {
    /// Runs `work` and returns its result with the seconds it took.
    static func seconds<T, Failure: Error>(_ work: () throws(Failure) -> T) throws(Failure) -> (result: T, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try work()
        let elapsed = start.duration(to: clock.now)
        return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
