/// One way a recovered log breaks what the writer was promised, as a Jepsen checker reports it.
package struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// The broken guarantee; stable names, for tests that expect a particular kind.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case acknowledgedLost
        case neverSent
        case partialAppend
        case notPrefixOfCommitOrder
        case positionGap
        case versionGap
        case chainBroken
        case integrityCheckFailed
        case stateMismatch
        case projectionMismatch
        case resendAddedEvents
        case unreadable
    }

    package var kind: Kind
    /// Names appends, event ids, streams, positions and fields only: never a form value.
    package var detail: String

    package init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    package var description: String { "\(kind.rawValue): \(detail)" }
}
