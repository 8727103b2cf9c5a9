/// What one simulated device does, and how long it keeps its log.
///
/// The defaults are issue 37's figure: 120 days of a daily workload, 14 days kept. A day is four
/// launches and 12 minutes of typing at the average mobile rate (36 words a minute, MobileHCI 2019:
/// about 180 keystrokes, so 180 edit events, a minute), which is 2,160 keystrokes a day.
public struct SimulationSettings: Sendable, Hashable {
    /// Simulated days, each recorded, then pruned, then measured.
    public var days: Int
    /// Days of log the daily prune keeps; nil: never prune (the run to compare with).
    public var retentionDays: Int?
    /// A sealed database (a master key; every session's values sealed under its person's key).
    public var sealed: Bool
    /// Leaves a draft of day 1 open for ever (never restored, declined or saved): today it stops the
    /// cut; once the open state is carried across the cut, it no longer does.
    public var openDraft: Bool
    /// Minutes of typing a day, spread over the launches.
    public var typingMinutes: Int
    /// Edit events a minute of typing makes.
    public var keystrokesPerMinute: Int
    /// Launches (sessions) a day.
    public var launchesPerDay: Int
    /// One day in this many, the day's last launch is killed with a draft on screen; the next day's
    /// first launch restores it.
    public var killEveryDays: Int
    /// The seed of the day's choices; the same seed gives the same commands.
    public var seed: UInt64

    public init(
        days: Int = 120, retentionDays: Int? = 14, sealed: Bool = false, openDraft: Bool = false, typingMinutes: Int = 12,
        keystrokesPerMinute: Int = 180, launchesPerDay: Int = 4, killEveryDays: Int = 4, seed: UInt64 = 37
    ) {
        self.days = days
        self.retentionDays = retentionDays
        self.sealed = sealed
        self.openDraft = openDraft
        self.typingMinutes = typingMinutes
        self.keystrokesPerMinute = keystrokesPerMinute
        self.launchesPerDay = launchesPerDay
        self.killEveryDays = killEveryDays
        self.seed = seed
    }

    /// Keystrokes of one launch.
    var keystrokesPerLaunch: Int { max(1, typingMinutes * keystrokesPerMinute / max(1, launchesPerDay)) }
    /// Milliseconds between two keystrokes at ``keystrokesPerMinute``.
    var keystrokeInterval: Int64 { 60_000 / Int64(max(1, keystrokesPerMinute)) }
}
