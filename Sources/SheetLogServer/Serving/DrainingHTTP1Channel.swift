import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with ``CloseAfterWritesHandler`` in front of the socket.
///
/// On SIGTERM Hummingbird's graceful shutdown writes the last part of a response in progress and
/// closes the connection at once; NIO's close drops the bytes still queued for the socket, so a
/// large response was cut (a 17 MB replay ended after ~4 MB). The handler makes that close wait.
struct DrainingHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(CloseAfterWritesHandler(), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 whose connections close only once what was written has reached the socket.
    static func drainingHTTP1(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        .init { responder in
            DrainingHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
