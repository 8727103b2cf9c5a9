import Foundation
import GRDB

extension SQLiteEventStore {
    /// GRDB's `Database.suspendNotification`, for the facade, which does not import GRDB: a store whose
    /// configuration ``Configuration/observesSuspension`` stops taking locks when it is posted.
    public static let suspendNotification: Notification.Name = Database.suspendNotification
    /// GRDB's `Database.resumeNotification`: a suspended store takes locks again.
    public static let resumeNotification: Notification.Name = Database.resumeNotification
}
