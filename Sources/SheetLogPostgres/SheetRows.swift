import PostgresNIO
import SheetLogProjections

/// The read-model rows some events make, as statements ready to run, and the sessions they fold to
/// (remembered once the statements ran, for the next append's fold).
struct SheetRows: Sendable {
    let statements: [PostgresQuery]
    let sessions: [ProjectedSession]
}
