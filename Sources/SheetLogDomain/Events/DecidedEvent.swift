/// An event as the decider made it, handed to the projection with its stored bytes so that the
/// projection folds it without decoding (and, in a sealed log, without opening) what was just
/// encoded. `subject` is the subject its session's rows are sealed for; nil in a plain log.
package struct DecidedEvent: Sendable {
    package var event: SheetEvent
    package var subject: String?

    package init(event: SheetEvent, subject: String?) {
        self.event = event
        self.subject = subject
    }
}
