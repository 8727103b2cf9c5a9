/// A command recorded under an id of its own that appended no event: proof, in `command_receipts`,
/// that the id was decided, so that a resend is recognised instead of decided anew.
///
/// `fingerprint` stands for the command's content, never the content itself, which can hold form
/// values: an HMAC under the session subject's key in a sealed log, a SHA-256 in a plain one.
package struct CommandReceipt: Sendable, Hashable {
    package var commandID: String
    package var stream: String
    /// The session's version the command was decided at.
    package var version: Int64
    /// The command's name (`edit` …).
    package var command: String
    package var fingerprint: String
    /// What migration 0011 left of a sealed log's receipts written before keyed fingerprints: the
    /// keyless SHA-256 of an erased value could be guessed, so it was removed, and the content of a
    /// resend of such an id is compared no more (its session, command and time still are).
    package static let removedFingerprint = String(repeating: "0", count: 64)
    package var occurredAt: Int64
    /// Filled by the store when it writes the receipt.
    package var recordedAt: Int64

    package init(
        commandID: String, stream: String, version: Int64, command: String, fingerprint: String, occurredAt: Int64,
        recordedAt: Int64 = 0
    ) {
        self.commandID = commandID
        self.stream = stream
        self.version = version
        self.command = command
        self.fingerprint = fingerprint
        self.occurredAt = occurredAt
        self.recordedAt = recordedAt
    }
}
