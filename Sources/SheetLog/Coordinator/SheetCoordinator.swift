import Observation

/// The presentation state of one session for an app's views, driven only by the log.
///
/// Every method records a command and then takes the state the log returned: a sheet leaves the
/// screen because the recorded state no longer has it (state-driven dismissal), never through the
/// environment's `dismiss`. A rejected command sets ``lastError``; the state stays as it was unless the
/// log holds a newer one (another window or process wrote), which it then shows.
///
/// Commands are applied in the order they are called, even when each is started in its own task
/// (`Task { await coordinator.edit(…) }` per keystroke): every call is queued on the main actor
/// before it suspends, and a burst of calls is committed in shared transactions (group commit).
/// The state shown never goes back to an older version.
///
/// ```swift
/// let coordinator = SheetCoordinator(database: log, session: "window-\(UUID().uuidString)")
/// await coordinator.present("expense-1", route: Route(name: "newExpense", group: "editor"), required: ["amount"])
/// await coordinator.edit("amount", to: "47.50")
/// await coordinator.attemptDismiss(source: .swipe)   // blocked: the alert asks Save / Discard / Keep Editing
/// assert(coordinator.pendingConfirmation?.offersSave == true)
/// ```
///
/// In SwiftUI, `.sheet(item:)` binds to ``presentedSheet`` and records the swipes it lets through,
/// `.interactiveDismissDisabled` follows ``isDismissDisabled``, and the discard dialog is up while
/// ``pendingConfirmation`` is; on UIKit, `presentationControllerDidAttemptToDismiss` calls
/// ``attemptDismiss(source:)`` and `isModalInPresentation` follows ``isDismissDisabled``. The whole
/// wiring, with the ids' lifetimes and recovery at launch: docs/app-integration.md.
@MainActor
@Observable
public final class SheetCoordinator {
    /// The database the commands are recorded in.
    public let database: SheetLogDatabase
    /// The session (one window in one launch) this coordinator records in and shows.
    public let session: String
    /// The person whose data the session holds, in a sealed database: sent with every command, so
    /// that the session is sealed under their key (nil: the database's ``SheetLogDatabase/Options/defaultSubject``).
    public let subject: String?
    /// The session as the log last returned it.
    public private(set) var state: SessionState
    /// The last command the log rejected (or a storage failure); cleared by the next accepted command.
    ///
    /// ``SheetLogError/Code/subjectErased`` says the person's data was erased
    /// (``SheetLogDatabase/erase(subject:requestedBy:id:occurredAt:)``): the erasure closed the
    /// session, which the coordinator then shows (no sheet, ended), and every later command is refused.
    public private(set) var lastError: SheetLogError?

    /// A coordinator of `session` in `database`, showing an empty session until ``load()`` or the
    /// first command returns the session as stored. `subject` is the person whose data the window
    /// holds (the signed-in user), for a sealed database; a session never changes subject.
    public init(database: SheetLogDatabase, session: String, subject: String? = nil) {
        self.database = database
        self.session = session
        self.subject = subject
        self.state = SessionState(sessionID: session)
        database.liveSessions.open(session)
    }

    // Its window is gone: recovery may offer the session's drafts again.
    deinit { database.liveSessions.close(session) }

    /// The interactive sheet (the top of the stack), for `.sheet(item:)`.
    public var presentedSheet: Presentation? { state.top }
    /// The sheets on screen, bottom to top.
    public var stack: [Presentation] { state.stack }
    /// Whether the swipe on the top sheet is locked (`.interactiveDismissDisabled`).
    public var isDismissDisabled: Bool { state.top?.isDismissDisabled ?? false }
    /// The discard alert of the top sheet, while it is up.
    public var pendingConfirmation: PendingConfirmation? { state.top?.pendingConfirmation }
    /// The top sheet's draft.
    public var values: [String: FieldValue] { state.top?.values ?? [:] }

    /// Reads the session from the log (at launch, or after another window or process wrote to it).
    ///
    /// Returns false, with ``lastError`` set, when the log could not be read.
    @discardableResult
    public func load() async -> Bool {
        let database = database, session = session
        return await adopt { try await database.state(of: session) }
    }

    /// Presents a sheet on top of the stack (records `present`).
    ///
    /// Refused when `presentation` was already used in this session, when a discard alert is up,
    /// or when a sheet of the route's group is on screen. Returns false, with ``lastError`` set,
    /// when the log refused the command.
    @discardableResult
    public func present(
        _ presentation: String, route: Route, baseline: [String: FieldValue] = [:], required: [String] = [],
        guard dismissGuard: DismissGuard = .whenDirty
    ) async -> Bool {
        await record(.present(presentation: presentation, route: route, baseline: baseline, required: required, guard: dismissGuard))
    }

    /// Sets a field of the top sheet's draft (records `edit`; nothing when the value is already there).
    ///
    /// Returns false, with ``lastError`` set, when the log refused the command.
    @discardableResult
    public func edit(_ field: String, to value: FieldValue) async -> Bool {
        await record(.edit(field: field, value: value))
    }

    /// Sets a field of the top sheet's draft to a Swift value as the view holds it: a `String` from
    /// a text field, a `Double` or an `Int`, a `Bool` from a toggle, nil for `null`.
    ///
    /// ```swift
    /// TextField("Amount", text: $amountText)
    ///     .onChange(of: amountText) { _, text in Task { await coordinator.edit("amount", to: text) } }
    /// ```
    @discardableResult
    public func edit(_ field: String, to value: some FieldValueConvertible) async -> Bool {
        await record(.edit(field: field, value: value.fieldValue))
    }

    /// Tries to take the top sheet off the screen by `source`: the log answers `dismissed`,
    /// `blocked` (raising the discard alert when the draft is dirty) or `forced`, by the dismissal table.
    ///
    /// Returns false, with ``lastError`` set, when the log refused the command.
    @discardableResult
    public func attemptDismiss(source: DismissSource) async -> Bool { await record(.attemptDismiss(source: source)) }

    /// Answers the discard alert with Discard Changes: the sheet leaves and its draft is dropped.
    ///
    /// Returns false, with ``lastError`` set, when the log refused the command.
    @discardableResult
    public func confirmDiscard() async -> Bool { await record(.confirmDiscard()) }

    /// Answers the discard alert with Keep Editing: the alert goes, the sheet and its draft stay.
    ///
    /// Returns false, with ``lastError`` set, when the log refused the command.
    @discardableResult
    public func keepEditing() async -> Bool { await record(.keepEditing()) }

    /// Records that the app's repository stored the form (with `values` as the final values when given).
    ///
    /// Returns false, with ``lastError`` set, when the log refused it (a required field is empty, or
    /// the discard alert that is up does not offer Save).
    @discardableResult
    public func save(values: [String: FieldValue]? = nil) async -> Bool { await record(.save(values: values)) }

    /// Records that the app's repository failed to store the form; `reason` must hold no form values.
    ///
    /// The sheet and its draft stay, and a discard alert that offered Save goes away.
    @discardableResult
    public func saveFailed(reason: String) async -> Bool { await record(.saveFailed(reason: reason)) }

    /// Tries to dismiss every sheet, top down, stopping at the first one that stays (`blocked`).
    ///
    /// Returns false, with ``lastError`` set, when the log refused the command.
    @discardableResult
    public func dismissAll(source: DismissSource) async -> Bool { await record(.dismissAll(source: source)) }

    /// Ends the session cleanly (its window closed): dirty drafts still open stay recoverable, and
    /// every later command of the session is refused.
    ///
    /// Returns false, with ``lastError`` set, when the log refused the command.
    @discardableResult
    public func endSession() async -> Bool { await record(.endSession) }

    /// Records `command` and adopts the state the log returned; false when it was rejected.
    @discardableResult
    public func record(_ command: SheetCommand) async -> Bool {
        // Submitted here, on the main actor and before any suspension: the order of the calls.
        let ticket: RecordTicket
        do {
            ticket = try database.submit([CommandEnvelope(session: session, command: command, subject: subject)], states: .afterEachCommand)
        } catch {
            return adopt(failure: error)
        }
        let database = database, session = session
        let accepted = await adopt { try await database.complete(ticket)[0].state }
        if !accepted, lastError?.code == .ruleViolation || lastError?.code == .subjectErased,
           let stored = try? await database.state(of: session), stored.version > state.version {
            // Refused on the session as stored, which another window or process moved on (or an
            // erasure closed): show that session, so that the next command is not made against a
            // screen that no longer exists.
            state = stored
        }
        return accepted
    }

    /// Adopts the state `body` returns unless the coordinator already shows a newer one (a `load()`
    /// can finish after a later command), or sets ``lastError``.
    private func adopt(_ body: @Sendable () async throws -> SessionState) async -> Bool {
        do {
            let recorded = try await body()
            if recorded.version >= state.version { state = recorded }
            lastError = nil
            return true
        } catch {
            return adopt(failure: error)
        }
    }

    private func adopt(failure error: any Error) -> Bool {
        if let error = error as? SheetLogError {
            lastError = error
        } else {
            lastError = SheetLogError(.storage, "\(session): recording failed with an error of type \(type(of: error))",
                                      context: .init(stream: session))
        }
        return false
    }
}
