import NIOCore

/// Holds a full close of the connection until every write before it has reached the socket.
///
/// Sits first in the pipeline (next to the socket), so it sees the bytes and the close of every
/// handler above. A close that arrives with writes pending is performed when the last one completes
/// (or fails: the peer went away); a close with nothing pending passes at once.
final class CloseAfterWritesHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    private var pendingWrites = 0
    private var heldClose: [EventLoopPromise<Void>?]?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        pendingWrites += 1
        let written = context.eventLoop.makePromise(of: Void.self)
        if let promise { written.futureResult.cascade(to: promise) }
        // Completed on the channel's event loop, where the handler and its context live.
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in
            let (handler, context) = bound.value
            handler.writeCompleted(context: context)
        }
        context.write(data, promise: written)
    }

    private func writeCompleted(context: ChannelHandlerContext) {
        pendingWrites -= 1
        if pendingWrites == 0, let held = heldClose {
            heldClose = nil
            let closed = context.eventLoop.makePromise(of: Void.self)
            for promise in held { promise.map { closed.futureResult.cascade(to: $0) } }
            context.close(mode: .all, promise: closed)
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, pendingWrites > 0 else {
            context.close(mode: mode, promise: promise)
            return
        }
        heldClose = (heldClose ?? []) + [promise]
        context.flush()
    }
}
