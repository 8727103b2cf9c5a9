/// The discard alert (Save / Discard Changes / Keep Editing) while it is up.
public struct PendingConfirmation: Sendable, Hashable, Codable {
    /// The dismissal that raised it.
    public var source: DismissSource
    /// Whether the alert offers Save: only for a swipe, not for a tap on Cancel.
    public var offersSave: Bool

    public init(source: DismissSource, offersSave: Bool) {
        self.source = source
        self.offersSave = offersSave
    }
}
