extension CommandEnvelope {
    /// The fingerprint of the command's content stored in its receipt instead of the content, which
    /// can hold form values: in a sealed log an HMAC under the session subject's key
    /// (``DataKey/receiptFingerprint(_:)``), so that it tells nothing without that key and nothing at
    /// all once the subject is erased; in a plain log (`key` nil), whose values are in clear beside
    /// it, a SHA-256.
    func fingerprint(keyedBy key: DataKey?) -> String {
        let content = fingerprintContent
        return key?.receiptFingerprint(content) ?? Checksum.sha256Hex(content)
    }

    /// The command's content: its session, name and every field, in a framing where no two
    /// different commands give the same bytes (each text length-prefixed, dictionaries by key).
    private var fingerprintContent: [UInt8] {
        var bytes = FingerprintBytes()
        bytes.text(session)
        bytes.text(command.name)
        switch command {
        case let .present(presentation, route, baseline, required, dismissGuard):
            bytes.text(presentation)
            bytes.text(route.name)
            bytes.text(route.group)
            bytes.strings(route.params)
            bytes.values(baseline)
            bytes.count(required.count)
            for field in required { bytes.text(field) }
            bytes.text(dismissGuard.rawValue)
        case let .edit(field, value, presentation):
            bytes.optional(presentation)
            bytes.text(field)
            bytes.value(value)
        case let .attemptDismiss(source, presentation):
            bytes.text(source.rawValue)
            bytes.optional(presentation)
        case let .dismissAll(source):
            bytes.text(source.rawValue)
        case let .confirmDiscard(presentation), let .keepEditing(presentation):
            bytes.optional(presentation)
        case let .save(values, presentation):
            if let values {
                bytes.count(1)
                bytes.values(values)
            } else {
                bytes.count(0)
            }
            bytes.optional(presentation)
        case let .saveFailed(reason, presentation):
            bytes.text(reason)
            bytes.optional(presentation)
        case let .restoreDraft(draft, newPresentation):
            bytes.text(draft.session)
            bytes.text(draft.presentation)
            bytes.optional(newPresentation)
        case let .declineDraft(draft):
            bytes.text(draft.session)
            bytes.text(draft.presentation)
        case .endSession:
            break
        }
        return bytes.bytes
    }

    /// Checks that a stored receipt is this command's: same session, command and content, and the
    /// same time when this one gives a time. Throws ``SheetLogError/Code/idempotencyConflict`` naming
    /// what differs (never a value).
    ///
    /// The content is compared where the receipt's fingerprint can be computed again: not once its
    /// subject is erased (as a stored event's erased values match whatever a resend gives), and not
    /// for a receipt whose keyless fingerprint migration 0011 removed from a sealed log.
    func requireSameContent(as receipt: CommandReceipt, fingerprinting: ReceiptFingerprinting) throws {
        let differentContent: Bool
        switch fingerprinting {
        case .unkeyed: differentContent = receipt.fingerprint != fingerprint(keyedBy: nil)
        case .keyed(let key):
            differentContent = receipt.fingerprint != CommandReceipt.removedFingerprint && receipt.fingerprint != fingerprint(keyedBy: key)
        case .erased: differentContent = false
        }
        let difference: String? =
            receipt.stream != targetSession ? "session"
            : receipt.command != command.name ? "command"
            : differentContent ? "content"
            : occurredAt.map { $0 == receipt.occurredAt ? nil : "occurredAt" } ?? nil
        guard let difference else { return }
        throw SheetLogError(
            .idempotencyConflict,
            "command id \(receipt.commandID) was already recorded with different \(difference) in session \(receipt.stream) (at its version \(receipt.version), appending nothing)",
            context: .init(stream: receipt.stream, eventID: receipt.commandID, operation: command.name))
    }
}

/// How the receipts of a log are fingerprinted, for one receipt's session.
enum ReceiptFingerprinting {
    /// A plain log: SHA-256 of the content.
    case unkeyed
    /// A sealed log: HMAC under the key of the session's subject.
    case keyed(DataKey)
    /// A sealed log whose subject was erased: the fingerprint can be computed no more.
    case erased
}

extension CommandEnvelope {
    /// Checks that `earlier`, decided under the same id in the same batch or group, is this command:
    /// same session, same command and content, and the same time when this one gives a time.
    /// Throws ``SheetLogError/Code/idempotencyConflict`` naming what differs (never a value).
    func requireSameContent(as earlier: PreparedCommand, id: String) throws {
        let difference: String? =
            earlier.envelope.targetSession != targetSession || earlier.envelope.session != session ? "session"
            : earlier.command.name != command.name ? "command"
            : earlier.command != command ? "content"
            : expectedOutcome != nil && earlier.envelope.expectedOutcome != nil && expectedOutcome != earlier.envelope.expectedOutcome ? "outcome"
            : occurredAt.map { $0 == earlier.occurredAt ? nil : "occurredAt" } ?? nil
        guard let difference else { return }
        throw SheetLogError(
            .idempotencyConflict,
            "command id \(id) is given twice in one batch with different \(difference) (session \(earlier.envelope.targetSession))",
            context: .init(stream: earlier.envelope.targetSession, eventID: id, operation: command.name))
    }
}

/// The framing of ``CommandEnvelope/fingerprint``.
private struct FingerprintBytes {
    var bytes: [UInt8] = []

    mutating func count(_ count: Int) {
        withUnsafeBytes(of: UInt64(count).bigEndian) { bytes += $0 }
    }

    mutating func text(_ text: String) {
        count(text.utf8.count)
        bytes += text.utf8
    }

    mutating func optional(_ text: String?) {
        guard let text else { return count(0) }
        count(1)
        self.text(text)
    }

    mutating func value(_ value: FieldValue) {
        switch value {
        case .string(let text):
            bytes.append(1)
            self.text(text)
        case .number(let number):
            bytes.append(2)
            withUnsafeBytes(of: number.bitPattern.bigEndian) { bytes += $0 }
        case .bool(let flag):
            bytes += [3, flag ? 1 : 0]
        case .null:
            bytes.append(4)
        case .erased:
            // Never recorded (the decider refuses markers); a tag of its own all the same.
            bytes.append(5)
        case .withheld:
            bytes.append(6)
        }
    }

    mutating func values(_ values: [String: FieldValue]) {
        count(values.count)
        for key in values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            text(key)
            value(values[key]!)
        }
    }

    mutating func strings(_ strings: [String: String]) {
        count(strings.count)
        for key in strings.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            text(key)
            text(strings[key]!)
        }
    }
}
