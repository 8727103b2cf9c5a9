import SheetLogCore
import SheetLogJSON

/// A device's credential from the collector's enrolment (`POST /v1/enrol`): the new device id the
/// app chose and the token that pushes its log. The token is shown this once: keep it (in the
/// Keychain) before pushing.
///
/// ```swift
/// let enrolled = try await SheetLogDatabase.enrol(at: collector, enrolmentToken: enrolmentToken, device: "install-\(UUID())")
/// let push = try log.push(to: collector, device: enrolled.device, token: enrolled.token)
/// ```
public struct DeviceEnrolment: Sendable, Hashable, CustomStringConvertible {
    /// The device id, as the app asked for it.
    public var device: String
    /// The device's push token (`sld_` and 64 hex digits).
    public var token: String

    public init(device: String, token: String) {
        self.device = device
        self.token = token
    }

    /// Never the token: a credential printed by mistake must not leak it.
    public var description: String { "DeviceEnrolment(device: \(device), token: sld_…)" }
}

/// The body of `POST /v1/enrol`, `{"device":"ID"}`, and of its `201`, `{"device":"ID","token":"sld_…"}`:
/// written by the device, read strictly by the collector (one key, bounded, a valid device id).
package enum EnrolmentRequest {
    /// The largest body the collector reads: a device id is at most a few hundred bytes.
    package static let maxBytes = 4 << 10

    package static func encode(device: String) -> [UInt8] {
        var writer = JSONWriter(capacity: device.utf8.count + 16)
        writer.beginObject()
        writer.key("device"); writer.string(device)
        writer.endObject()
        return writer.bytes
    }

    private static let options = JSONReadingOptions(maximumDepth: 2, rejectsDuplicateKeys: true, rejectsEscapedNUL: true, validatesUTF8: true)

    /// The device id of an enrolment's body; ``SheetLogError/Code/invalidInput`` for anything but
    /// `{"device":"ID"}` with a valid id, ``SheetLogError/Code/payloadTooLarge`` over ``maxBytes``.
    package static func decode(_ body: some Collection<UInt8>) throws(SheetLogError) -> String {
        guard body.count <= maxBytes else {
            throw SheetLogError(
                .payloadTooLarge, "the enrolment is \(body.count) bytes, over the \(maxBytes) it may hold", context: .init(operation: "enrol", limit: maxBytes))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(String(decoding: body, as: UTF8.self), options: options)
        } catch {
            throw invalid("the body is not a JSON object (\(error.reason) at byte \(error.offset))")
        }
        guard case let .object(members) = value, members.count == 1, members[0].key == "device", case let .string(device) = members[0].value else {
            throw invalid("the body is not {\"device\":\"ID\"}")
        }
        if let problem = DeviceID.problem(device) { throw invalid("the device id \(problem); \(DeviceID.rule)") }
        return device
    }

    /// The `201` body.
    package static func reply(_ enrolment: DeviceEnrolment) -> String {
        var writer = JSONWriter(capacity: enrolment.device.utf8.count + 96)
        writer.beginObject()
        writer.key("device"); writer.string(enrolment.device)
        writer.key("token"); writer.string(enrolment.token)
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self) + "\n"
    }

    static func invalid(_ problem: String) -> SheetLogError {
        SheetLogError(.invalidInput, "enrolment: \(problem)", context: .init(operation: "enrol"))
    }
}
