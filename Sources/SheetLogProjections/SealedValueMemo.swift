import SheetLogCore
import SheetLogDomain

/// The sealed text of each value a session's projection rows hold, by place, so that an append
/// seals again only the values it changed.
///
/// Invariant: every text is what ``SealedText/seal(json:at:with:)`` gives for its plaintext at its
/// place under ``key``. That holds without checking the database because sealing is
/// deterministic (``ValueSeal``): the same plaintext at the same place under the same key always
/// seals to the same bytes, so a remembered text is the text sealing again would write. A text is
/// used only when the plaintext matches byte for byte (not `FieldValue` equality: `0` and `-0`
/// are equal and write differently), and the memo empties when it is asked for another key.
///
/// It holds at most ``capacity`` texts (a few forms' worth) and starts over when full: the cached
/// session it lives in is copied for every append, and the first text an append adds copies the
/// memo's storage, so its size is paid on every append (an unbounded memo holding every value of a
/// long session made each durable append slower, where it was tried before).
///
/// Measured: an `edit` in a form of five fields sealed its row's five draft values again on every
/// append; with the memo it seals one (`SheetLogBench --figure sealed`, in the commit message).
package struct SealedValueMemo: Sendable {
    /// Enough for a few forms of a dozen fields, baseline and draft.
    static let capacity = 64

    private struct Place: Hashable {
        var session: String
        var column: String
        var presentation: String
        var field: String
    }

    private var texts: [Place: (plaintext: String, sealed: String)] = [:]
    private var key: [UInt8] = []

    package init() {}

    /// The sealed text of `value` in `field` of `column` of `presentation`'s row in `session`.
    package mutating func sealed(
        _ value: FieldValue, column: String, session: String, presentation: String, field: String, with key: DataKey
    ) -> String {
        if key.material != self.key {
            texts = [:]
            self.key = key.material
        }
        let place = Place(session: session, column: column, presentation: presentation, field: field)
        let plaintext = SealedText.plaintext(value)
        if let known = texts[place], known.plaintext == plaintext { return known.sealed }
        let sealed = SealedText.seal(
            json: plaintext, at: .projection(column: column, session: session, presentation: presentation, field: field), with: key)
        if texts.count >= Self.capacity, texts[place] == nil { texts = [:] }
        texts[place] = (plaintext, sealed)
        return sealed
    }
}
