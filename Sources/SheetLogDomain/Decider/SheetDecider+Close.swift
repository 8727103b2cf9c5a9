extension SheetDecider {
    /// The commands that take every sheet of the session off the screen and end it, as the app
    /// would when the person's data must go (an erasure): Keep Editing on an alert that is up (the
    /// alert's question is no longer the person's to answer), a programmatic `dismissAll`, which no
    /// sheet blocks, and `endSession`. None for a session that has ended.
    ///
    /// ```swift
    /// for command in SheetDecider.commandsClosing(state) {
    ///     state = SheetDecider.fold(try SheetDecider.decide(command, state: state, at: now), into: state)
    /// }
    /// // state.ended && state.stack.isEmpty
    /// ```
    public static func commandsClosing(_ state: SessionState) -> [SheetCommand] {
        if state.ended { return [] }
        var commands: [SheetCommand] = []
        if state.top?.pendingConfirmation != nil { commands.append(.keepEditing()) }
        if !state.stackIDs.isEmpty { commands.append(.dismissAll(source: .programmatic)) }
        commands.append(.endSession)
        return commands
    }
}
