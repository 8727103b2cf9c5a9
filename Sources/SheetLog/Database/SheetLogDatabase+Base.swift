extension SheetLogDatabase {
    /// Makes this empty database the continuation of a pruned log: writes `image` (the first entry
    /// of the pruned log's ``exportLog(session:options:)``) as its base, so that the kept commands
    /// recorded after it continue from the same positions, the same chain value and the same carried
    /// sessions, and `recover`, `replay` of kept sessions and `audit` answer as the original's.
    ///
    /// One transaction: the base (`log_bases`), its erasures (the subjects' keys erased, what each
    /// erased), every carried session's state (sealed with this database's subject keys when it is
    /// sealed) and their read-model rows. Returns false, writing nothing, when the database already
    /// has this very base (an `export | ingest` run twice). Refused (``SheetLogError/Code/invalidInput``)
    /// when the database has recorded anything or has another base, when the image breaks a rule of
    /// a base (named, never with a value), and when it carries an erasure and this database is plain.
    ///
    /// ```swift
    /// let entries = try await original.exportLog()
    /// if case .base(let image)? = entries.first { try await copy.installBase(image) }
    /// ```
    @discardableResult
    @concurrent
    public func installBase(_ image: LogBaseImage) async throws -> Bool {
        let installed = try await backend.installBase(image)
        if installed { cache.removeAll() }
        return installed
    }
}
