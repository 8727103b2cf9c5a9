/// One event of the generated workload, as SheetLog's domain would record it.
///
/// The payload carries everything the command that produced it held (route, baseline, field,
/// value, source …), so the SheetLog side can replay the workload as commands.
package struct WorkloadEvent: Sendable, Hashable {
    package var eventID: String
    /// The session id.
    package var stream: String
    /// 1, 2, 3 … within the session.
    package var version: Int64
    /// The action name: present, edit, attemptDismiss, confirmDiscard, keepEditing, save, declineDraft, endSession.
    package var type: String
    /// JSON object text.
    package var payload: String
    /// JSON object text: app version, device, user.
    package var metadata: String
    /// Milliseconds since 1970 on the app's clock.
    package var occurredAt: Int64
}
