import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a plain socket, for chromedriver on loopback.
///
/// Foundation's URLSession on Linux cannot read chromedriver's answers: chromedriver writes its
/// header lines without a space after the colon (`Content-Length:915`), which swift-corelibs-
/// foundation's header callback rejects ("Failed writing header"). This client sends one request
/// with `Connection: close`, reads until the peer closes, and parses the answer tolerantly.
public enum LoopbackHTTP {
    /// The status and body of one request to `url` (an `http://` URL on this machine).
    public static func request(_ url: URL, method: String, body: Data?, timeout: TimeInterval = 120) async throws -> (status: Int, body: Data) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try blockingRequest(url, method: method, body: body, timeout: timeout) })
            }
        }
    }

    /// The same, blocking the calling thread (for a benchmark's synchronous side).
    public static func blockingRequest(_ url: URL, method: String = "GET", body: Data? = nil, timeout: TimeInterval = 120) throws -> (status: Int, body: Data) {
        guard let host = url.host, let port = url.port else { throw failure("no host and port in \(url)") }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw failure("socket() failed: errno \(errno)") }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
            throw failure("\(host) is not an IPv4 address")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw failure("connect to \(host):\(port) failed: errno \(errno)") }

        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nAccept: application/json\r\n"
        if let body { head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n" }
        try writeAll(descriptor, Data((head + "\r\n").utf8) + (body ?? Data()))

        // chromedriver keeps the connection open whatever `Connection` says: the answer ends at its
        // Content-Length (or at the last chunk), not at the peer's close.
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !isComplete(answer) {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { break }
            guard count > 0 else { throw failure("reading from \(host):\(port) failed: errno \(errno)") }
            answer.append(contentsOf: buffer[0..<count])
        }
        return try parse(answer)
    }

    private static func writeAll(_ descriptor: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { throw failure("writing the request failed: errno \(errno)") }
                offset += written
            }
        }
    }

    /// Whether `answer` holds a whole response: its headers, then Content-Length bytes or a last chunk.
    static func isComplete(_ answer: Data) -> Bool {
        guard let split = answer.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let headers = String(decoding: answer[..<split.lowerBound], as: UTF8.self).lowercased()
        let bodyCount = answer.distance(from: split.upperBound, to: answer.endIndex)
        for line in headers.components(separatedBy: "\r\n") where line.hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)).map { bodyCount >= $0 } ?? false
        }
        if headers.contains("transfer-encoding:") { return answer.suffix(5) == Data("0\r\n\r\n".utf8) }
        return false
    }

    /// Status line, headers (a colon with or without a space), then the body by Content-Length, chunks or EOF.
    static func parse(_ answer: Data) throws -> (status: Int, body: Data) {
        guard let split = answer.range(of: Data("\r\n\r\n".utf8)) else { throw failure("an answer without a header end") }
        let lines = String(decoding: answer[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw failure("a bad status line: \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(answer[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            body = try dechunk(body)
        } else if let length = headers["content-length"].flatMap(Int.init), length <= body.count {
            body = body.prefix(length)
        }
        return (status, body)
    }

    private static func dechunk(_ data: Data) throws -> Data {
        var result = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw failure("a bad chunk size") }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { throw failure("a cut chunk") }
            result.append(rest[start..<rest.index(start, offsetBy: size)])
            rest = rest[rest.index(start, offsetBy: size)...].dropFirst(2)
        }
        return result
    }

    private static func failure(_ message: String) -> WebDriverError { WebDriverError(message: "HTTP: \(message)") }
}
