import Foundation
import SheetLogCore

/// A store under test, the clock it stamps `recordedAt` with, and how to get rid of it.
///
/// A backend's test target makes one per check through its ``StoreFactory``: a fresh, empty store
/// on a `ManualClock` it stamps `recordedAt` with, a `tamper` that edits a stored event behind the
/// store's back (as someone with the database's shell would), and `reopen` for a store on a file.
package struct StoreFixture: Sendable {
    package typealias Opener = @Sendable (_ path: String) async throws -> any EventStore

    package let store: any EventStore
    package let clock: ManualClock
    /// Changes the event stored at a position behind the store's back; nil when the kind cannot.
    package var tamper: (@Sendable (_ position: Int64, _ change: StoredChange) async throws -> Void)?
    private let file: (directory: URL, path: String, open: Opener)?

    package init(
        store: any EventStore, clock: ManualClock,
        tamper: (@Sendable (Int64, StoredChange) async throws -> Void)? = nil
    ) {
        self.store = store
        self.clock = clock
        self.tamper = tamper
        self.file = nil
    }

    private init(store: any EventStore, clock: ManualClock, directory: URL, path: String, open: @escaping Opener) {
        self.store = store
        self.clock = clock
        self.tamper = nil
        self.file = (directory, path, open)
    }

    /// A store on a database file in a fresh temporary directory, which ``cleanup()`` removes.
    package static func onFile(clock: ManualClock, open: @escaping Opener) async throws -> StoreFixture {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sheetlog-conformance-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("log.sqlite").path
        return StoreFixture(store: try await open(path), clock: clock, directory: directory, path: path, open: open)
    }

    /// The same database opened again, as after an app restart; nil for kinds that keep nothing.
    package func reopen() async throws -> StoreFixture? {
        guard let file else { return nil }
        return StoreFixture(store: try await file.open(file.path), clock: clock, directory: file.directory, path: file.path, open: file.open)
    }

    /// Removes whatever the fixture left on disk.
    package func cleanup() {
        guard let file else { return }
        try? FileManager.default.removeItem(at: file.directory)
    }
}
