import SheetLogCore

extension SheetLogError.Code {
    /// The collector refused a pushed batch for good (a malformed batch, a missing or wrong token,
    /// a batch over its limits, an unexpected status): sending it again would be refused again.
    public static let pushRefused = SheetLogError.Code(rawValue: "pushRefused")
}
