import Foundation
import SheetLog
import SheetLogServer
import Testing

/// The viewer over several devices' logs (as `serve --postgres` shows a fleet): `/` lists the
/// devices, and each device answers exactly as a viewer over that device's file alone.
@Suite("FleetReader: the viewer over many devices")
struct FleetReaderTests {
    /// Two device files: the demo with the hostile session, and the demo alone.
    static func fleet() async throws -> (reader: FleetReader, files: [String: ViewerFixture]) {
        let files = ["ipad-7": try await ViewerFixture.make(hostile: true), "phone-2": try await ViewerFixture.make(hostile: false)]
        var databases: [String: SheetLogDatabase] = [:]
        for (device, fixture) in files { databases[device] = try SheetLogDatabase.openForReading(path: fixture.path) }
        let opened = databases
        let reader = FleetReader(devices: { opened.keys.sorted() }, open: { opened[$0] })
        return (reader, files)
    }

    @Test("/ lists every device with a link to its sessions", arguments: Transport.allCases)
    func theDevicePageListsEveryDevice(transport: Transport) async throws {
        let (reader, files) = try await Self.fleet()
        defer { files.values.forEach { $0.remove() } }
        let page = try await withViewer(reader, transport.setup) { try await $0.get("/") }
        #expect(page.status == .ok)
        let ipad = page.body.range(of: "href=\"/devices/ipad-7/sessions\"")
        let phone = page.body.range(of: "href=\"/devices/phone-2/sessions\"")
        #expect(ipad != nil && phone != nil, "\(page.body)")
        if let ipad, let phone { #expect(ipad.lowerBound < phone.lowerBound) }
        let listed = try await withViewer(reader, transport.setup) { try await $0.get("/api/devices") }
        #expect(listed.status == .ok)
        #expect(listed.body.contains("ipad-7") && listed.body.contains("phone-2"))
    }

    @Test("each device's API answers are byte for byte those of a viewer over its file alone")
    func eachDeviceAnswersAsItsFile() async throws {
        let (reader, files) = try await Self.fleet()
        defer { files.values.forEach { $0.remove() } }
        for (device, fixture) in files {
            let single = try fixture.reader()
            for path in ["sessions", "audit", "drafts", "stats", "sessions/demo-stack/replay", "audit?resolution=discarded", "audit?format=csv"] {
                let fromFleet = try await withViewer(reader) { try await $0.get("/api/devices/\(device)/\(path)") }
                let alone = try await withViewer(single) { try await $0.get("/api/devices/local/\(path)") }
                #expect(fromFleet.status == .ok, "\(device) \(path): \(fromFleet.body)")
                #expect(fromFleet.body == alone.body.replacingOccurrences(of: "/devices/local/", with: "/devices/\(device)/"), "\(device) \(path)")
            }
        }
        // The devices are kept apart: only ipad-7 holds the hostile session.
        let hostile = ViewerFixture.hostileSession.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try await withViewer(reader) { try await $0.get("/api/devices/ipad-7/sessions/\(hostile)/replay") }.status == .ok)
        #expect(try await withViewer(reader) { try await $0.get("/api/devices/phone-2/sessions/\(hostile)/replay") }.status == .notFound)
    }

    @Test("an unknown device is 404 with the viewer's error body, on the API and the pages")
    func anUnknownDeviceIsNotFound() async throws {
        let (reader, files) = try await Self.fleet()
        defer { files.values.forEach { $0.remove() } }
        let api = try await withViewer(reader) { try await $0.get("/api/devices/tablet-9/sessions") }
        #expect(api.status == .notFound)
        #expect(try api.error().code == "notFound")
        #expect(try api.error().message == "no device tablet-9")
        let page = try await withViewer(reader) { try await $0.get("/devices/tablet-9/sessions") }
        #expect(page.status == .notFound)
    }
}
