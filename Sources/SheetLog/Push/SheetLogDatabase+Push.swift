import SheetLogCore
import SheetLogDomain
import SheetLogPush
import SheetLogSQLite

extension SheetLogDatabase {
    /// Pushes this log to the collector at `collector` as `device`, in the background, and keeps
    /// pushing as new events are recorded (`follow`), until the returned task is cancelled or the
    /// collector refuses for good (its ``PushTask/state`` is then ``PushState/stopped(_:)``).
    ///
    /// The cursor lives in this file: a push stopped by a crash, an OS kill or `cancel()` resumes
    /// where the collector's last acknowledgement left it, sending nothing twice beyond one batch.
    ///
    /// ```swift
    /// let push = try database.push(to: "https://collector.example.com", device: installID, token: token)
    /// // later: push.state, push.cancel()
    /// ```
    ///
    /// With `shareKeys`, a sealed database also shares its subjects' keys, each wrapped for the
    /// collector's public key (``sharedKeys(for:device:except:)``), every time it has sent every
    /// event: a reader who reveals a session in the fleet viewer then sees its values. The
    /// collector's key is asked of the collector unless `collectorKey` pins it.
    ///
    /// Throws ``SheetLogError/Code/invalidInput`` for an address that is not `http(s)://…`,
    /// ``SheetLogError/Code/readOnly`` for a database opened for reading (its cursor cannot move),
    /// and ``SheetLogError/Code/notSealed`` for `shareKeys` on a plain database.
    public func push(
        to collector: String, device: String, token: String, follow: Bool = true, limits: PushLimits = .default,
        shareKeys: Bool = false, collectorKey: CollectorPublicKey? = nil,
        onState: @escaping @Sendable (PushState) -> Void = { _ in }
    ) throws -> PushTask {
        let pusher = try pusher(to: collector, device: device, token: token, limits: limits, shareKeys: shareKeys, collectorKey: collectorKey)
        return PushTask(pusher, follow: follow, onState: onState)
    }

    /// The pusher of this log (for a caller that runs it itself, as `sheetlog push` does).
    package func pusher(
        to collector: String, device: String, token: String, limits: PushLimits = .default, shareKeys: Bool = false,
        collectorKey: CollectorPublicKey? = nil
    ) throws -> Pusher {
        guard let sqlite = backend as? SQLiteBackend else {
            throw SheetLogError(
                .invalidInput, "only a device's SQLite log is pushed; a fleet store's log is in the fleet already", context: .init(operation: "push"))
        }
        if sqlite.store.isReadOnly {
            throw SheetLogError(.readOnly, "the database is open for reading only; pushing moves its cursor", context: .init(operation: "push"))
        }
        if let problem = DeviceID.problem(device) {
            throw SheetLogError(.invalidInput, "the device id \(problem); \(DeviceID.rule)", context: .init(operation: "push"))
        }
        if shareKeys, backend.subjectKeys is NoSubjectKeys {
            throw SheetLogError(
                .notSealed, "\(path ?? "this database") holds a plain log: its values reach the collector as typed, with no key to share (push without --share-keys)",
                context: .init(operation: "push"))
        }
        let transport = try HTTPPushTransport(collector: collector)
        var pusher = Pusher(source: SQLitePushSource(store: sqlite.store), transport: transport, device: device, token: token, limits: limits)
        if shareKeys {
            pusher.keySharing = KeySharing(collectorKey: collectorKey) { [self] collector, shared in
                try await sharedKeys(for: collector, device: device, except: shared)
            }
        }
        return pusher
    }
}
