import GRDB
import SheetLogDomain
import SheetLogProjections

/// The sheet read models — `sessions`, `presentations`, `dismissals` and the views over them
/// (`recoverable_drafts`, `audit_dismissals`) — kept in the append's transaction: the SQL of the
/// rows the pure `SheetLogProjections` module decides.
///
/// Every row comes from the domain's own fold (``SessionState/apply(_:)``, the evolve of
/// ``SheetDecider``), the same one the app, replay and `verify` use. An append the facade decided
/// carries its rows (`DecidedAppend.rows`), written as they are; events given to the store as bytes
/// are decoded with ``SheetEventCodec`` and folded into their sessions (``ProjectionChange``).
/// ``rebuild(in:)`` folds the whole log the same way and writes the same rows.
///
/// An event the domain refuses — a type it does not know (a newer SheetLog's, or another
/// program's), a schema version newer than this build reads, or a malformed payload — makes the
/// append throw the codec's ``SheetLogError`` (``SheetLogError/Code/undecodableEvent``
/// or ``SheetLogError/Code/unsupportedSchemaVersion``, naming its position, stream and type), so
/// the append rolls back, and makes ``rebuild(in:)`` throw the same error, so the rebuild
/// rolls back: skipping it would leave rows that silently disagree with the log (whose meaning for
/// the sheets this build cannot know), and a reader must never see an event without its rows.
///
/// ```swift
/// let store = try SQLiteEventStore(path: path, configuration: .init().keepingSheets())
/// let events = try SheetDecider.decide(.present(presentation: "p1", route: Route(name: "newExpense")),
///                                      state: SessionState(sessionID: "s1"), at: 1_000)
/// try await store.append(events.map { try $0.eventData() }, to: "s1", expecting: .noStream)
/// // SELECT status, stack_index FROM presentations WHERE session = 's1'  →  open, 0
/// ```
///
/// Give each store its own instance: an instance caches the sessions it folded (checked against
/// the log before use, so sharing one is safe, only slower).
package struct SheetProjection: Sendable {
    package let name = ProjectionChange.projectionName
    package let tables = ProjectionChange.tables
    /// Every column its migrations declare with `CHECK (json_valid(…))`: verify compares them with a
    /// rebuild by JSON value rather than byte for byte (see `JSONValue.isSameValue(as:)`), so that a
    /// row written under an older spelling of the same value still verifies.
    package let jsonColumns: [String: Set<String>] = [
        "sessions": ["stack"],
        "presentations": ["route_params", "required_fields", "baseline", "draft_values", "changed_fields"],
        "dismissals": ["changed_fields"],
    ]
    let cache: SessionStateCache
    /// Opens sealed events and seals the rows of their sessions; nil without a master key, when a
    /// sealed event is refused (``SheetLogError/Code/keyUnavailable``).
    let ring: SubjectKeyRing?

    /// - Parameter cacheCapacity: how many sessions' folded states are kept between appends.
    package init(cacheCapacity: Int = 256, ring: SubjectKeyRing? = nil) {
        cache = SessionStateCache(capacity: cacheCapacity)
        self.ring = ring
    }

    /// The SQL of every statement the projection writes rows with (for tests that EXPLAIN them).
    package static var rowStatements: [String] { SheetRowWriter.allSQL }

    /// How many sessions the cache holds now.
    package var cachedSessionCount: Int { cache.count }
}
