import SheetLogDomain
import SheetLogStorage

/// A backend under test, the clock it stamps `recordedAt` with, and how to get rid of it.
package struct BackendFixture: Sendable {
    package let backend: any SheetLogBackend
    package let clock: ManualClock
    /// Opens a second backend on the same database, as another process does; nil when no one else
    /// can reach the database (one in memory).
    package let openAnother: (@Sendable () async throws -> any SheetLogBackend)?
    private let remove: @Sendable () -> Void

    /// `remove` closes and deletes whatever the backend left (a temporary file, a test schema).
    package init(
        backend: any SheetLogBackend, clock: ManualClock,
        openAnother: (@Sendable () async throws -> any SheetLogBackend)? = nil, remove: @escaping @Sendable () -> Void = {}
    ) {
        self.backend = backend
        self.clock = clock
        self.openAnother = openAnother
        self.remove = remove
    }

    /// Closes the backend and removes what it left.
    package func cleanup() {
        try? backend.close()
        remove()
    }
}
