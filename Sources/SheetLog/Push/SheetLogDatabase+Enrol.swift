import SheetLogCore
import SheetLogPush

extension SheetLogDatabase {
    /// Enrols a new device id with the collector at `collector`, with an enrolment token the
    /// operator made (`sheetlog-server enrolment add`), and returns the id's push token: the way an
    /// install gets its credential without the operator's command line, and the way on for a reset
    /// install, whose old id is spent (its push stopped with ``SheetLogError/Code/historyMismatch``).
    ///
    /// The id must be one the collector has never seen: choose a new one each time (a UUID). The
    /// token is returned this once: keep it (in the Keychain) with the id before pushing.
    ///
    /// ```swift
    /// let enrolled = try await SheetLogDatabase.enrol(at: "https://collector.example.com",
    ///                                                 enrolmentToken: enrolmentToken, device: "install-\(UUID().uuidString)")
    /// let push = try database.push(to: "https://collector.example.com", device: enrolled.device, token: enrolled.token)
    /// ```
    ///
    /// Throws ``SheetLogError/Code/invalidInput`` for an address or id the protocol does not take,
    /// ``SheetLogError/Code/enrolmentRefused`` when the collector refuses the enrolment token
    /// (unknown, revoked, expired, or all its devices enrolled), ``SheetLogError/Code/deviceIDTaken``
    /// when it knows the id already, and ``SheetLogError/Code/connectionFailed`` when it could not
    /// be reached: then whether the id was enrolled is unknown, so enrol again under another new id.
    public static func enrol(at collector: String, enrolmentToken: String, device: String) async throws -> DeviceEnrolment {
        try await HTTPPushTransport(collector: collector).enrol(device: device, enrolmentToken: enrolmentToken)
    }
}
