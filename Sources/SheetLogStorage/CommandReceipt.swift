/// A command recorded under an id of its own that appended no event: proof, in `command_receipts`,
/// that the id was decided, so that a resend is recognised instead of decided anew.
///
/// `fingerprint` is a SHA-256 (hex) of the command's content, never the content: the content can
/// hold form values.
package struct CommandReceipt: Sendable, Hashable {
    package var commandID: String
    package var stream: String
    /// The session's version the command was decided at.
    package var version: Int64
    /// The command's name (`edit` …).
    package var command: String
    package var fingerprint: String
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
