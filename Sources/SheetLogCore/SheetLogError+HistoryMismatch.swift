extension SheetLogError.Code {
    /// A device's log differs from what the fleet stores for it (a fork, an edited or a removed row):
    /// the context's `position` is the first position where they differ.
    public static let historyMismatch = SheetLogError.Code(rawValue: "historyMismatch")
}
