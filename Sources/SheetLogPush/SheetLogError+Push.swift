import SheetLogCore

extension SheetLogError.Code {
    /// The collector refused a pushed batch for good (a malformed batch, a missing or wrong token,
    /// a batch over its limits, an unexpected status): sending it again would be refused again.
    public static let pushRefused = SheetLogError.Code(rawValue: "pushRefused")
}

extension SheetLogError.Code {
    /// The collector refused an enrolment token (`401`: unknown, revoked or expired; `403`: it has
    /// enrolled all the devices it may): only the operator can help, with a new enrolment token.
    public static let enrolmentRefused = SheetLogError.Code(rawValue: "enrolmentRefused")
    /// The collector already knows the device id an enrolment asked for (`409`): an id is enrolled
    /// once, ever. Enrol again under another new id.
    public static let deviceIDTaken = SheetLogError.Code(rawValue: "deviceIDTaken")
}
