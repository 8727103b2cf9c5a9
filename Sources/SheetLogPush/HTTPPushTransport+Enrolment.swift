import Foundation
import SheetLogCore
import SheetLogJSON

extension HTTPPushTransport {
    /// Enrols `device` with the collector (`POST /v1/enrol`, the enrolment token as Bearer) and
    /// returns its push token, which the collector shows this once.
    ///
    /// ```swift
    /// let transport = try HTTPPushTransport(collector: "https://collector.example.com")
    /// let enrolled = try await transport.enrol(device: "install-2", enrolmentToken: enrolmentToken)
    /// ```
    ///
    /// Throws ``SheetLogError/Code/invalidInput`` for an id that is no device id (before sending),
    /// ``SheetLogError/Code/enrolmentRefused`` (`401`, `403`), ``SheetLogError/Code/deviceIDTaken``
    /// (`409`), ``SheetLogError/Code/connectionFailed`` when the collector could not be reached or
    /// is unavailable (`429`, `5xx`), and ``SheetLogError/Code/pushRefused`` for any other answer.
    /// After a `connectionFailed`, whether the id was enrolled is unknown: enrol again under a new id.
    public func enrol(device: String, enrolmentToken: String) async throws -> DeviceEnrolment {
        if let problem = DeviceID.problem(device) {
            throw SheetLogError(.invalidInput, "the device id \(problem); \(DeviceID.rule)", context: .init(operation: "enrol"))
        }
        let body = EnrolmentRequest.encode(device: device)
        switch await exchange("POST", "/v1/enrol", body: body, contentType: "application/json", token: enrolmentToken) {
        case let .answered(201, data, _):
            let object = try? JSONValue.parse(String(decoding: data, as: UTF8.self), options: .stored)
            guard object?["device"]?.string == device, let token = object?["token"]?.string, Self.isDeviceToken(token) else {
                throw SheetLogError(.pushRefused, "the collector's 201 held no device token for \(device)", context: .init(operation: "enrol"))
            }
            return DeviceEnrolment(device: device, token: token)
        case let .answered(status, data, _):
            throw Self.enrolmentRefusal(status: status, body: data)
        case let .unreachable(reason):
            throw SheetLogError(
                .connectionFailed, "the collector could not be reached (\(reason)): whether \(device) was enrolled is unknown; enrol again under a new device id",
                context: .init(operation: "enrol"))
        }
    }

    /// `sld_` and 64 lowercase hex digits.
    static func isDeviceToken(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        return bytes.count == 68 && token.hasPrefix("sld_")
            && bytes[4...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The error of a refused enrolment, with the collector's message (one line, bounded: it crosses a network).
    static func enrolmentRefusal(status: Int, body: Data) -> SheetLogError {
        let object = try? JSONValue.parse(String(decoding: body, as: UTF8.self), options: .stored)
        let code = object?["error"]?["code"]?.string ?? ""
        let said = object?["error"]?["message"]?.string ?? "HTTP \(status) without the collector's error body"
        let message = String(said.map { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 }.prefix(300))
        let errorCode: SheetLogError.Code = switch status {
        case 401, 403: .enrolmentRefused
        case 409: .deviceIDTaken
        case 400: .invalidInput
        case 413: .payloadTooLarge
        case 429, 500...599: .connectionFailed
        default: .pushRefused
        }
        return SheetLogError(
            errorCode, "the collector refused the enrolment (HTTP \(status) \(code.isEmpty ? "without a code" : code)): \(message)",
            context: .init(operation: "enrol"))
    }
}
