import Hummingbird
import SheetLog
import SheetLogCore
import SheetLogReports

/// What the viewer shows of a session's form values, and why.
package enum ValueDisplay: Sendable, Hashable {
    /// One SQLite file served without tokens (loopback by default): values shown.
    case open
    /// The fleet, before a reveal: every value masked (`••••`); `mayReveal` when the reader's token
    /// may reveal (the page then offers the button).
    case masked(mayReveal: Bool)
    /// The fleet, within a reveal: values shown until `until` (milliseconds since 1970).
    case revealed(RevealRecord, until: Int64)

    /// How the reports write values under this display.
    package var mask: ValueMask {
        switch self {
        case .open, .revealed: .shown
        case .masked: .masked
        }
    }

    /// The reveal whose number the page's links carry on; nil when there is none.
    package var revealID: Int64? {
        switch self {
        case .open, .masked: nil
        case let .revealed(record, _): record.id
        }
    }
}

extension ValueDisplay {
    /// The display of a read of `session`: ``open`` without a fleet (`access` nil), else as
    /// ``RevealAccess/display(reveal:device:session:request:)`` says of the query's `reveal=N`.
    static func of(
        _ parameters: QueryParameters, access: RevealAccess?, device: String, session: String, request: Request
    ) async throws -> ValueDisplay {
        guard let access else { return .open }
        let reveal = try parameters.integer("reveal", in: 1...Int64.max)
        return try await access.display(reveal: reveal, device: device, session: session, request: request)
    }
}

extension ValueDisplay {
    /// The session's steps as this display reads them: with the device's shared keys within a reveal.
    func replay(from reader: any SheetLogReader, device: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
        switch self {
        case .open, .masked: try await reader.replay(device: device, session: session, through: version)
        case .revealed: try await reader.revealedReplay(device: device, session: session, through: version)
        }
    }

    /// One step and the state before it, as this display reads them.
    func moment(from reader: any SheetLogReader, device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
        switch self {
        case .open, .masked: try await reader.moment(device: device, session: session, at: point)
        case .revealed: try await reader.revealedMoment(device: device, session: session, at: point)
        }
    }
}
