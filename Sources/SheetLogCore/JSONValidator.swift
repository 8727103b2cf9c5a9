import SheetLogJSON

/// A strict RFC 8259 checker over UTF-8 bytes that also enforces SheetLog's own input rules.
///
/// It rejects what SQLite's `json_valid` would accept but SheetLog must not store: `NUL`
/// (raw or escaped as `\u0000`), lone UTF-16 surrogate escapes, numbers that overflow to
/// infinity or that a double cannot hold exactly (see `JSONNumberText`: `9007199254740993`,
/// `1e-400`), nesting deeper than ``maximumDepth``, and (on request) duplicate object keys —
/// compared after decoding their escapes, as Swift compares strings, so `"valu\u0065"` repeats
/// `"value"` and an NFD spelling repeats its NFC one.
/// It never allocates for valid input without duplicate-key checking, so the append path can
/// afford it. The checks are the package's one JSON reader's (`JSONReader`, strict options).
public struct JSONValidator: Sendable {
    /// How deep arrays and objects may nest.
    public var maximumDepth: Int
    /// Whether `{"a":1,"a":2}` is an error (and `{"a":1,"\u0061":2}`: keys are compared decoded).
    public var rejectsDuplicateKeys: Bool

    public init(maximumDepth: Int = 64, rejectsDuplicateKeys: Bool = false) {
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// Why a text is not acceptable JSON, with the byte offset where it was noticed.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Which kind of rule was broken, for callers that word their own message.
        public enum Problem: Sendable, Hashable {
            /// Not JSON, or JSON SheetLog never stores (NUL, a lone surrogate, too deep, out of range).
            case malformed
            /// An object repeats a key.
            case duplicateKey
            /// A number that no double holds exactly: storing it would change it.
            case inexactNumber
        }

        public var reason: String
        public var offset: Int
        public var problem: Problem
        /// The keys and array indices from the top down to the value at fault (decoded, and as
        /// they came: they may hold any character). Empty at the top.
        public var path: [String]
        public var description: String { "\(reason) at byte \(offset)" }

        public init(reason: String, offset: Int, problem: Problem = .malformed, path: [String] = []) {
            self.reason = reason
            self.offset = offset
            self.problem = problem
            self.path = path
        }

        init(_ error: JSONSyntaxError) {
            let problem: Problem
            switch error.problem {
            case .malformed: problem = .malformed
            case .duplicateKey: problem = .duplicateKey
            case .inexactNumber: problem = .inexactNumber
            // The validator reads every number (it never sets wholeNumbersOnly).
            case .notWholeNumber: problem = .malformed
            }
            self.init(reason: error.reason, offset: error.offset, problem: problem, path: error.path)
        }
    }

    /// Checks `text`; throws ``Failure`` naming the first problem.
    public func validate(_ text: String) throws(Failure) {
        var copy = text
        // A Swift string is valid UTF-8: only the JSON needs checking.
        let failure: Failure? = copy.withUTF8 { bytes in
            do throws(Failure) { try validate(bytes, validatingUTF8: false) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Checks UTF-8 bytes; throws ``Failure`` naming the first problem (invalid UTF-8 included).
    public func validate(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        try validate(bytes, validatingUTF8: true)
    }

    private func validate(_ bytes: UnsafeBufferPointer<UInt8>, validatingUTF8: Bool) throws(Failure) {
        var reader = JSONReader(
            bytes: bytes,
            options: .strict(maximumDepth: maximumDepth, rejectsDuplicateKeys: rejectsDuplicateKeys, validatesUTF8: validatingUTF8))
        do {
            try reader.validateDocument()
        } catch {
            throw Failure(error)
        }
    }
}
