/// Why a text is not acceptable JSON: a reason and the byte offset where it was noticed, never a
/// piece of the text.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which kind of rule was broken, for callers that word their own message.
    package enum Problem: Sendable, Hashable {
        /// Not JSON, or JSON SheetLog never stores (NUL, a lone surrogate, too deep, out of range).
        case malformed
        /// An object repeats a key.
        case duplicateKey
        /// A number that no double holds exactly: storing it would change it.
        case inexactNumber
        /// A number written with `.` or an exponent where only whole numbers are read
        /// (``JSONReadingOptions/wholeNumbersOnly``).
        case notWholeNumber
    }

    package var reason: String
    package var offset: Int
    package var problem: Problem
    /// The keys and array indices from the top down to the value at fault (decoded, and as they
    /// came: they may hold any character). Empty at the top.
    package var path: [String]

    package var description: String { "\(reason) at byte \(offset)" }

    package init(reason: String, offset: Int, problem: Problem = .malformed, path: [String] = []) {
        self.reason = reason
        self.offset = offset
        self.problem = problem
        self.path = path
    }
}
