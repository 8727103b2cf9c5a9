import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HummingbirdTesting
import SheetLogServer
import Testing

/// A connection whose request head never ends is closed after the idle timeout.
@Suite("stalled connections")
struct IdleConnectionTests {
    @Test("half-sent request headers: the server closes the connection (read sees its end)")
    func stalledHeadersClosed() async throws {
        let fixture = try await SharedFixture.fixture()
        let app = ViewerServer.application(reader: try fixture.reader(), host: "127.0.0.1", port: 0, idleTimeout: .milliseconds(300))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let socket = try StalledClient(port: port)
            defer { socket.close() }
            var limit = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            try socket.send("GET /api/devices HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")
            var byte: UInt8 = 0
            let got = Glibc.read(socket.descriptor, &byte, 1)
            // 0: the peer closed; -1 with EAGAIN would mean the receive timeout passed with the connection open.
            #expect(got == 0, "read returned \(got), errno \(errno)")
        }
    }
}
