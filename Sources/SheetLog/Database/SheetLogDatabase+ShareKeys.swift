import SheetLogCore
import SheetLogDomain

extension SheetLogDatabase {
    /// The data key of every subject this sealed database holds (erased ones excepted), each
    /// wrapped for the fleet collector's public key: what `sheetlog push --share-keys` sends, so
    /// that a reader who reveals a session in the fleet viewer sees its values.
    ///
    /// No key leaves in clear: each is wrapped with a fresh X25519 key agreement, HKDF and AES-GCM,
    /// bound to `device` and the subject (``SharedSubjectKey``); only the collector's private key
    /// opens it. Subjects in `except` (shared before) are left out.
    ///
    /// ```swift
    /// let keys = try await database.sharedKeys(for: collectorPublicKey, device: "ipad-7")
    /// ```
    ///
    /// Throws ``SheetLogError/Code/notSealed`` for a plain database: its values reach the collector
    /// as typed, with no key to share.
    @concurrent
    public func sharedKeys(for collector: CollectorPublicKey, device: String, except: Set<String> = []) async throws -> [SharedSubjectKey] {
        let keys = backend.subjectKeys
        if keys is NoSubjectKeys {
            throw SheetLogError(
                .notSealed, "\(path ?? "this database") holds a plain log (or was opened without its master key): its values reach the collector as typed, with no key to share",
                context: .init(operation: "share keys"))
        }
        var shared: [SharedSubjectKey] = []
        for subject in try await backend.subjectsWithKeys() where !except.contains(subject) {
            // Erased between the two reads: nothing to share.
            guard case .available(let key) = try keys.key(for: subject) else { continue }
            shared.append(SharedSubjectKey.wrap(key, subject: subject, device: device, for: collector))
        }
        return shared
    }
}

extension SheetLogDatabase {
    /// Whether this database seals its values (it was opened with its master key and is sealed).
    package var isSealed: Bool { !(backend.subjectKeys is NoSubjectKeys) }
}
