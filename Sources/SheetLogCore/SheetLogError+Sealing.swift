extension SheetLogError.Code {
    /// No master key was given for a sealed database, or its file cannot be read or is not a key.
    public static let keyUnavailable = SheetLogError.Code(rawValue: "keyUnavailable")
    /// The master key given is not the one the database's keys are wrapped with: nothing was written.
    public static let wrongKey = SheetLogError.Code(rawValue: "wrongKey")
}

extension SheetLogError.Code {
    /// A command for a session whose subject was erased: its sessions take no more commands.
    public static let subjectErased = SheetLogError.Code(rawValue: "subjectErased")
    /// A sealed database was asked for (a master key was given) but the file holds a plain log, or
    /// erasure was asked of a plain database: its values were never sealed.
    public static let notSealed = SheetLogError.Code(rawValue: "notSealed")
}

extension SheetLogError {
    /// The refusal of a command (`operation`) in a session of an erased subject; `session` is nil
    /// for a new session that would be sealed under the erased key.
    package static func subjectErased(_ subject: String, session: String?, operation: String) -> SheetLogError {
        let message = session.map { "session \($0) belongs to subject \(subject), which was erased: the erasure closed it and it takes no more commands" }
            ?? "subject \(subject) was erased: its sessions take no more commands"
        return SheetLogError(.subjectErased, message, context: .init(stream: session, operation: operation))
    }
}
