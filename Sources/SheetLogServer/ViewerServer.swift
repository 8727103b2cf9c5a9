import Hummingbird
import Logging
import NIOCore
import SheetLogSQLite

/// The replay viewer: its router (the JSON API and the pages over one ``SheetLogReader``) and the
/// Hummingbird application that serves it.
///
/// ```swift
/// let reader = try SQLiteFileReader.open(path: "sheetlog.sqlite")
/// let app = ViewerServer.application(reader: reader, host: "127.0.0.1", port: 8080)
/// try await app.runService()   // until SIGINT or SIGTERM, then a graceful shutdown
/// ```
package enum ViewerServer {
    /// Every route of the viewer, behind the middleware that writes errors and security headers.
    ///
    /// Replays, timelines, states and audit answers pass one ``HeavyWorkGate`` admitting
    /// `heavyLimit` of them at a time, so that light requests keep a thread. `clock` tells when a
    /// reveal ends.
    ///
    /// With ``ViewerAccess/fleet(_:_:)``, reading takes a reader token (or a sign-in session made
    /// with one), a request that changes something must come from the viewer's own pages
    /// (``SameOriginMiddleware``), the collector's routes
    /// (`POST /v1/devices/{device}/events`, `GET /health`) take the devices' pushes, and form values
    /// are masked until a reader who may reveal them reveals a session (``RevealAccess``).
    package static func router(
        reader: any SheetLogReader, access: ViewerAccess = .open, logger: Logger = Logger(label: "sheetlog-server"),
        heavyLimit: Int = HeavyWorkGate.defaultLimit, clock: any SheetLogClock = SystemClock()
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: [.autoGenerateHeadEndpoints])
        // Outermost, so that it logs the status of error replies too.
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: ViewerMiddleware(logger: logger))
        let reveals: RevealAccess?
        switch access {
        case .open:
            reveals = nil
        case let .fleet(collector, options):
            router.add(middleware: SameOriginMiddleware())
            router.add(middleware: ReaderAccessMiddleware(tokens: collector, sessions: collector))
            CollectorRoutes<BasicRequestContext>(collector: collector, options: options, logger: logger).register(on: router)
            LoginRoutes<BasicRequestContext>(tokens: collector, sessions: collector).register(on: router)
            let access = RevealAccess(log: collector, clock: clock)
            RevealRoutes<BasicRequestContext>(reader: reader, access: access).register(on: router)
            reveals = access
        }
        let heavy = router.group().add(middleware: HeavyWorkMiddleware(gate: HeavyWorkGate(limit: heavyLimit)))
        APIRoutes<BasicRequestContext>(reader: reader, reveals: reveals).register(on: router, heavy: heavy)
        PageRoutes<BasicRequestContext>(reader: reader, reveals: reveals).register(on: router, heavy: heavy)
        return router
    }

    /// The application serving ``router(reader:logger:)`` on `host`:`port` (0 for any free port);
    /// `onRunning` gets the port actually bound, once the server listens.
    /// How long a connection may stay silent (no request, or a request's head half sent) before it
    /// is closed: a client that never finishes its headers no longer holds a connection forever.
    package static let idleTimeout = TimeAmount.seconds(30)

    package static func application(
        reader: any SheetLogReader, access: ViewerAccess = .open, host: String, port: Int, logger: Logger = Logger(label: "sheetlog-server"),
        idleTimeout: TimeAmount = ViewerServer.idleTimeout,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(reader: reader, access: access, logger: logger),
            server: .drainingHTTP1(configuration: .init(idleTimeout: idleTimeout)),
            configuration: .init(address: .hostname(host, port: port), serverName: "sheetlog-server"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
