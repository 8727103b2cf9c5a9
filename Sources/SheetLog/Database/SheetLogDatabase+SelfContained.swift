import SheetLogDomain

extension SheetLogDatabase {
    /// The first events of the commands a fresh database needs to decide `session`'s commands as
    /// the log did: every command with an event in `session`, and, for each command that also
    /// touched another session (a restore, whose `restoreDraft` is in the draft's session and whose
    /// `present` is in the one it restored into), every command of that session before it. Repeated
    /// until nothing more is needed: a draft's session may itself have begun with a restore.
    ///
    /// Commands decide on the states of the sessions they touch and nothing else (a draft is known
    /// by its session), so a copy holding these commands, in log order, decides each as the log did.
    func selfContainedFirstEvents(of session: String) async throws -> [RecordedEvent] {
        var streams: [String: [RecordedEvent]] = [:]
        // Through which position each needed session's commands are needed.
        var needed: [String: Int64] = [session: .max]
        var pending = [session]
        var firsts: [String: RecordedEvent] = [:]
        func need(_ stream: String, through position: Int64) {
            guard needed[stream].map({ $0 < position }) ?? true else { return }
            needed[stream] = position
            pending.append(stream)
        }
        func events(of stream: String) async throws -> [RecordedEvent] {
            if let known = streams[stream] { return known }
            let read = try await backend.readStream(stream)
            streams[stream] = read
            return read
        }
        while let stream = pending.popLast() {
            try Task.checkCancellation()
            if stream != session {
                // A draft's origin a prune cut into cannot be replayed from its first command.
                switch try await backend.base(of: stream) {
                case .pruned(let pruning): throw pruning.error(operation: "export")
                case .carried(let carried):
                    throw carried.error(
                        "session \(session) needs it from its first command (a draft moved between them), and an export of it would lack its first \(carried.version) versions",
                        operation: "export")
                case nil: break
                }
            }
            let through = needed[stream] ?? .max
            for event in try await events(of: stream) where event.position <= through {
                if Self.isFirstEvent(event) {
                    firsts[event.eventID] = event
                    guard event.type == SheetEventType.restoreDraft.rawValue,
                          case .restoreDraft(let restore) = try SheetEventCodec.decode(event, keys: backend.subjectKeys).kind,
                          restore.intoSession != stream
                    else { continue }
                    // The sheet it restored: the session it went into is needed up to that present.
                    let present = try await events(of: restore.intoSession).first {
                        EventMetadata.commandID(ofContinuation: $0.eventID) == event.eventID
                    }
                    need(restore.intoSession, through: present?.position ?? event.position)
                } else if let command = EventMetadata.commandID(ofContinuation: event.eventID), firsts[command] == nil,
                          let first = try await backend.events(withIDs: [command]).first {
                    // A restore into this session from another: the draft's session up to the restore.
                    firsts[command] = first
                    need(first.stream, through: first.position)
                }
            }
        }
        return Array(firsts.values)
    }
}
