import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SheetLog
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// SIGTERM while a large response is on its way: the real binary finishes it, then exits 0.
@Suite("sheetlog-server graceful shutdown")
struct GracefulShutdownTests {
    /// A session whose replay is several megabytes: each step carries 30 fields of 300 characters.
    static func largeSession(in path: String) async throws {
        let database = try SheetLogDatabase.open(path: path)
        let filler = String(repeating: "x", count: 300)
        var baseline: [String: FieldValue] = [:]
        for index in 0..<30 { baseline["field\(index)"] = .string(filler) }
        let start: Int64 = 1_767_265_200_000
        try await database.record(.present(presentation: "big", route: Route(name: "big"), baseline: baseline), in: "big", occurredAt: start)
        for step in 1...400 {
            try await database.record(.edit(field: "field\(step % 30)", value: .string("\(step)" + filler)), in: "big", occurredAt: start + Int64(step))
        }
        try database.close()
    }

    @Test("a replay in flight when SIGTERM arrives is sent whole (Content-Length bytes, valid JSON); exit 0", arguments: [SIGTERM, SIGINT])
    func inFlightResponseCompletes(signal: Int32) async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        try await Self.largeSession(in: fixture.path)
        let server = try ServerProcess.start(executable: ServeBinaryTests.executable, database: fixture.path)
        let port = try #require(server.url.port)

        let socket = try StalledClient(port: port)
        defer { socket.close() }
        try socket.send("GET /api/devices/local/sessions/big/replay HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        // The head arrives first; the body then fills the socket buffers while this client reads nothing.
        var received = try socket.read(atLeast: 1)
        kill(server.process.processIdentifier, signal)
        // Shutdown has begun once the listening socket is gone (new connections are refused).
        while StalledClient.canConnect(port: port) { usleep(20_000) }
        received += try socket.readToEnd()

        let text = String(decoding: received, as: UTF8.self)
        let headEnd = try #require(received.firstRange(of: Data("\r\n\r\n".utf8)))
        let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 200"), "\(text.prefix(300))")
        let lengthLine = try #require(head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") })
        let length = try #require(Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)))
        let body = received[headEnd.upperBound...]
        #expect(length > 4_000_000)
        #expect(body.count == length)
        let steps = try #require(try? JSONSerialization.jsonObject(with: Data(body)) as? [Any])
        #expect(steps.count == 401)

        let exit = try server.stop(signal: signal)
        #expect(exit.status == 0, "\(exit.stderr)")
        #expect(exit.stdout.hasSuffix("sheetlog-server: stopped\n"))
    }
}

/// A raw loopback connection read only when the test says so.
final class StalledClient {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = try Self.connect(port: port)
    }

    static func connect(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureFailure(message: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw FixtureFailure(message: "connect failed: errno \(errno)")
        }
        return descriptor
    }

    /// Whether a new connection to `port` is accepted.
    static func canConnect(port: Int) -> Bool {
        guard let descriptor = try? connect(port: port) else { return false }
        Glibc.close(descriptor)
        return true
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw FixtureFailure(message: "write failed: errno \(errno)") }
            offset += written
        }
    }

    func read(atLeast count: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < count {
            let got = Glibc.read(descriptor, &buffer, buffer.count)
            if got <= 0 { break }
            data.append(contentsOf: buffer[0..<got])
        }
        return data
    }

    /// Everything until the peer closes (or resets: then what arrived before).
    func readToEnd() throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = Glibc.read(descriptor, &buffer, buffer.count)
            if got <= 0 { break }
            data.append(contentsOf: buffer[0..<got])
        }
        return data
    }

    func close() { Glibc.close(descriptor) }
}
