extension SheetLogError {
    /// Which rule of the sheet state machine a ``Code/ruleViolation`` broke: a case an app can switch on
    /// instead of reading ``message``.
    ///
    /// ```swift
    /// if !(await coordinator.save()) {
    ///     switch coordinator.lastError?.rule {
    ///     case .requiredFieldEmpty: highlight(coordinator.lastError?.context.field)
    ///     case .saveNotOffered: break      // the alert came from Cancel: it offers Discard and Keep Editing
    ///     default: showGenericFailure()
    ///     }
    /// }
    /// ```
    ///
    /// The raw values are stable, safe to log and to match on.
    public enum Rule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A command after `endSession`: the session takes no more commands.
        case sessionEnded
        /// A command for the top sheet while no sheet is presented.
        case noSheetPresented
        /// A command named a presentation that is not the top sheet.
        case notTopSheet
        /// The discard alert is up: only Save (when it offers it), Discard Changes and Keep Editing are accepted.
        case confirmationPending
        /// `confirmDiscard` or `keepEditing` while no discard alert is up.
        case noConfirmationPending
        /// Save under a discard alert that does not offer it (one raised by Cancel, not by a swipe).
        case saveNotOffered
        /// Save while a required field is empty (``Context/field`` names it).
        case requiredFieldEmpty
        /// A presentation id the session has used already: ids are never reused in a session.
        case presentationIDUsed
        /// A sheet of the route's group is on screen already (mutually exclusive sheets).
        case routeGroupTaken
        /// A presentation the command named does not exist in the session.
        case presentationNotFound
        /// The draft is not recoverable: saved, discarded, restored, declined, or clean.
        case draftNotRecoverable
        /// The draft belongs to another session than the one the command was given to.
        case draftInAnotherSession
        /// The draft's session is still recording (a live window holds the sheet): it is not taken from it.
        case draftHeldByLiveSession
        /// A command named another subject than the session's, or a draft was restored into a session of another subject.
        case subjectMismatch
        /// A restore named the same session as the draft's and as the new one.
        case sameSession
        /// A command's claimed outcome (`expect`) is not the one the log decided.
        case outcomeDiffers

        public var description: String { rawValue }
    }
}
