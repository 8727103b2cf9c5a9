/// One event of the generated workload, as SheetLog's domain would record it.
///
/// The payload carries everything the command that produced it held (route, baseline, field,
/// value, source …), so the SheetLog side can replay the workload as commands.
public struct WorkloadEvent: Sendable, Hashable {
    public var eventID: String
    /// The session id.
    public var stream: String
    /// 1, 2, 3 … within the session.
    public var version: Int64
    /// The action name: present, edit, attemptDismiss, confirmDiscard, keepEditing, save, declineDraft, endSession.
    public var type: String
    /// JSON object text.
    public var payload: String
    /// JSON object text: app version, device, user.
    public var metadata: String
    /// Milliseconds since 1970 on the app's clock.
    public var occurredAt: Int64
}
