import Foundation
import SheetLog
import Testing

/// `SheetLogDatabase.enrol`'s sample as an app compiles it. Nothing listens at the address, so the
/// enrolment fails as a network failure does, with the error that tells the app what to do; the
/// enrolment against a real collector is tested in SheetLogImportTests (EnrolmentTests).
@Suite struct EnrolSampleTests {
    @Test func anUnreachableCollectorLeavesTheEnrolmentUnknown() async throws {
        let folder = try TemporaryFolder()
        let database = try SheetLogDatabase.open(path: folder.path("reset.sqlite"))
        defer { try? database.close() }
        let enrolmentToken = "sle_" + String(repeating: "0", count: 64)
        let error = await #expect(throws: SheetLogError.self) {
            try await Self.enrolAndPush(database, enrolmentToken: enrolmentToken)
        }
        #expect(error?.code == .connectionFailed, "\(String(describing: error))")
        #expect(error?.message.contains("enrol again under a new device id") == true, "\(String(describing: error))")
    }

    @Test func anIdThatIsNoDeviceIdIsRefusedBeforeAnythingIsSent() async throws {
        let error = await #expect(throws: SheetLogError.self) {
            try await SheetLogDatabase.enrol(at: "http://127.0.0.1:9", enrolmentToken: "sle_x", device: "..")
        }
        #expect(error?.code == .invalidInput)
    }

    static func enrolAndPush(_ database: SheetLogDatabase, enrolmentToken: String) async throws {
        // doc-sample: Sources/SheetLog/Push/SheetLogDatabase+Enrol.swift
        let enrolled = try await SheetLogDatabase.enrol(at: "https://collector.example.com",
                                                        enrolmentToken: enrolmentToken, device: "install-\(UUID().uuidString)")
        let push = try database.push(to: "https://collector.example.com", device: enrolled.device, token: enrolled.token)
        // end doc-sample
        push.cancel()
    }
}

// docs/app-integration.md's reset-install sample as an app compiles it; the same steps run against
// a real collector in EnrolmentTests (SheetLogImportTests).
// doc-sample: docs/app-integration.md
/// Pushes under the id the app holds, and under a newly enrolled one once that id is spent.
@MainActor
func pushOrEnrol(_ log: SheetLogDatabase, collector: String, credential: DeviceEnrolment,
                 enrolmentToken: String) async throws -> DeviceEnrolment {
    let push = try log.push(to: collector, device: credential.device, token: credential.token, follow: false)
    do {
        _ = try await push.result
        return credential
    } catch let error as SheetLogError where error.code == .historyMismatch {
        // A new id each time: an id is enrolled once, and a failed call may have enrolled it.
        let enrolled = try await SheetLogDatabase.enrol(at: collector, enrolmentToken: enrolmentToken,
                                                        device: "install-\(UUID().uuidString)")
        // Keep enrolled.device and enrolled.token (the Keychain) before pushing: the token is shown once.
        _ = try await log.push(to: collector, device: enrolled.device, token: enrolled.token, follow: false).result
        return enrolled
    }
}
// end doc-sample
