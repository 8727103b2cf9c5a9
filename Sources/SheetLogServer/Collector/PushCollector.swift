import SheetLogCore

/// Who a token lets in, as the fleet's token table says: the seam between the collector's routes
/// and wherever tokens are kept (the fleet store's `tokens`, only SHA-256 hashes).
package protocol FleetTokens: Sendable {
    /// The credential `token` carries; nil for a token that is unknown, revoked or malformed.
    func credential(of token: String) async throws -> FleetCredential?
}

/// Where the collector stores what devices push: one device's batch in one transaction, through
/// the same path as `sheetlog-server import` (``PushStoreOutcome`` says what was kept); and where
/// the fleet viewer records its reveals of values and keeps its sign-in sessions.
///
/// ```swift
/// let router = ViewerServer.router(reader: reader, access: .fleet(collector, limits: .default))
/// ```
package protocol PushCollector: FleetTokens, RevealLog, ReaderSessions {
    /// Stores `events` (consecutive positions, each with its chain) as `device`'s log, or says why not.
    func storePushed(_ events: [RecordedEvent], device: String) async throws -> PushStoreOutcome

    /// The public key devices wrap their subjects' keys for; nil when the collector takes none
    /// (started without `--collector-key`).
    var collectorPublicKey: CollectorPublicKey? { get }

    /// Stores the keys `device` shares (replacing earlier ones); the subjects erased on the collector,
    /// or by an erasure the device pushed, are refused and listed.
    func storeSharedKeys(_ keys: [SharedSubjectKey], device: String) async throws -> (stored: Int, erased: [String])

    /// Enrols `device` with `enrolmentToken` (an id the fleet has never seen gets a push token of
    /// its own), or says why not; see ``EnrolmentOutcome``.
    func enrol(enrolmentToken: String, device: String) async throws -> EnrolmentOutcome
}
