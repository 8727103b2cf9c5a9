import Foundation
import SheetLogSQLite

extension SheetLogDatabase {
    /// Post it when the app is about to be suspended: every database opened with
    /// ``Options/observesSuspension`` stops taking SQLite locks, so that iOS does not kill a suspended
    /// app that holds a lock on a file in a shared container (exception `0xdead10cc`).
    ///
    /// While suspended, a write throws ``SheetLogError/Code/suspended`` and writes nothing; reads
    /// go on (WAL). A write in flight when the notification is posted is rolled back, or committed
    /// if SQLite was already committing it: nothing acknowledged is lost.
    ///
    /// ```swift
    /// .onChange(of: scenePhase) { _, phase in
    ///     switch phase {
    ///     case .background: NotificationCenter.default.post(name: SheetLogDatabase.suspendNotification, object: nil)
    ///     case .active: NotificationCenter.default.post(name: SheetLogDatabase.resumeNotification, object: nil)
    ///     case .inactive: break
    ///     @unknown default: break
    ///     }
    /// }
    /// ```
    ///
    /// GRDB's `Database.suspendNotification`: it suspends every GRDB database of the process that
    /// observes it. The app guide (docs/app-integration.md) says when to post it.
    public static let suspendNotification: Notification.Name = SQLiteEventStore.suspendNotification

    /// Post it when the app comes back (foreground, or a background task that will write): suspended
    /// databases take locks again. GRDB's `Database.resumeNotification`.
    public static let resumeNotification: Notification.Name = SQLiteEventStore.resumeNotification
}
