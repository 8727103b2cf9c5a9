/// What the fleet store did with an enrolment (`POST /v1/enrol`): the collector's reply to the app.
///
/// ```swift
/// switch try await enrolments.enrol(enrolmentToken: token, device: "ipad-8") {
/// case let .enrolled(deviceToken, _): reply(201, deviceToken)
/// case .unknownToken, .expired: reply(401)
/// case .exhausted: reply(403)
/// case .deviceKnown: reply(409)
/// }
/// ```
package enum EnrolmentOutcome: Sendable, Hashable {
    /// The device is enrolled: `deviceToken` pushes its log (shown this once); `enrolment` is the
    /// name of the enrolment token that let it in.
    case enrolled(deviceToken: String, enrolment: String)
    /// No enrolment token of that text, or a revoked one: nothing was made.
    case unknownToken
    /// The enrolment token named `enrolment` expired at `at` (milliseconds since 1970): nothing was made.
    case expired(enrolment: String, at: Int64)
    /// The enrolment token named `enrolment` has enrolled its `maxDevices` devices: nothing was made.
    case exhausted(enrolment: String, maxDevices: Int)
    /// The fleet already knows the device id (a token, an enrolment, or events of it): an id is
    /// enrolled once, so that no one takes over another device's history. `enrolment` names the
    /// enrolment token that asked. Nothing was made.
    case deviceKnown(enrolment: String)
}
