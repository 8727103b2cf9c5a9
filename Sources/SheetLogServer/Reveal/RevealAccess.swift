import Hummingbird
import SheetLog
import SheetLogReports
import SheetLogSQLite

/// Who sees a fleet session's form values: every value is masked, until a reader whose token has
/// the reveal permission (`token add --read NAME --reveal`) reveals one session. The reveal is
/// recorded first (``RevealLog``); its number, carried by the page's links as `reveal=N`, shows that
/// session's values to that reader, and to no one else, for ``duration``.
///
/// Who the request is comes from ``ReaderAccessMiddleware`` (``SignedInReader``: its Bearer token
/// or its sign-in session, checked on every request). A reveal link is checked on every use: the
/// request's reader must still be a revealer, the reader who made the reveal, for the same device and session, within the duration. A revoked
/// token, a link passed to another reader, or an old link is refused (`403`), never shown masked
/// silently, so the reader knows to reveal again (and is recorded again).
///
/// ```swift
/// let access = RevealAccess(log: collector)
/// let reader = try await access.revealer(of: request)   // 401/403 unless the token may reveal
/// let record = try await access.record(reader: reader, device: "ipad-7", session: "s1")
/// try await access.display(reveal: record.id, device: "ipad-7", session: "s1", request: request)  // .revealed
/// ```
package struct RevealAccess: Sendable {
    /// How long a reveal shows its session's values: 15 minutes.
    package static let duration: Int64 = 15 * 60 * 1_000

    let log: any RevealLog
    let clock: any SheetLogClock

    package init(log: any RevealLog, clock: any SheetLogClock = SystemClock()) {
        self.log = log
        self.clock = clock
    }

    /// How `session` of `device` reads for `request`: masked without `reveal`; revealed when
    /// `reveal` numbers a live reveal of that session by the request's reader; refused otherwise.
    func display(reveal id: Int64?, device: String, session: String, request: Request) async throws -> ValueDisplay {
        guard let id else {
            let mayReveal = if case .revealer? = SignedInReader.current?.credential { true } else { false }
            return .masked(mayReveal: mayReveal)
        }
        let reader = try await revealer(of: request)
        guard let record = try await log.revealRecord(id: id), record.reader == reader, record.device == device, record.session == session else {
            throw AccessRefusal.forbidden(
                "reveal \(id) is not a reveal of this session by reader \(reader): reveal the session to see its values (each reveal is recorded)")
        }
        let until = record.revealedAt + Self.duration
        guard clock.nowMilliseconds() < until else {
            throw AccessRefusal.forbidden(
                "reveal \(id) ended at \(TimeText.iso(until) ?? "\(until)"): reveal the session again to see its values (each reveal is recorded)")
        }
        return .revealed(record, until: until)
    }

    /// Records that `reader` (a name ``revealer(of:)`` gave) reveals `session` of `device` now.
    func record(reader: String, device: String, session: String) async throws -> RevealRecord {
        try await log.recordReveal(reader: reader, device: device, session: session)
    }

    /// The newest reveals, for the access log.
    func records(limit: Int, before: Int64?) async throws -> [RevealRecord] {
        try await log.revealRecords(limit: limit, before: before)
    }

    /// The name of the reader whose token (Bearer, or the one the sign-in session was made with)
    /// may reveal values.
    func revealer(of request: Request) async throws -> String {
        guard let credential = SignedInReader.current?.credential else {
            throw AccessRefusal.unauthorized("revealing values needs a reader token (Authorization: Bearer, or sign in at /login)")
        }
        switch credential {
        case let .revealer(name):
            return name
        case let .reader(name):
            throw AccessRefusal.forbidden(
                "reader \(name)'s token may not reveal values: that takes a token made with sheetlog-server token add --read NAME --reveal")
        case .device:
            throw AccessRefusal.forbidden("a device token pushes its log; it reveals nothing")
        }
    }
}
