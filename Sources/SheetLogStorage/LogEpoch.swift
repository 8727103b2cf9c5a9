/// A stretch of time during which a store's appends were the only changes to its database.
///
/// A store starts a new epoch whenever an append cannot vouch for what it knew of the log: the
/// first append, any change by another connection (another process, another store on the same
/// file), any other write through the store's own connection (SQLite's `writer`, a rebuild of the
/// projections), an unknown COMMIT outcome. Within one epoch the
/// log holds exactly what the store's committed appends put there, so whatever a projection
/// cached at the commit of an append of the epoch still describes the log at a later append of
/// the same epoch, without reading the log to check it.
package struct LogEpoch: Sendable, Hashable {
    /// Tells the stores of the process apart (never reused, unlike an object's address).
    package let store: UInt64
    /// Counts the epochs of that store.
    package let number: UInt64

    package init(store: UInt64, number: UInt64) {
        self.store = store
        self.number = number
    }
}
