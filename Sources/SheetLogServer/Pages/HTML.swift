import SheetLog

/// A piece of HTML markup whose interpolated strings are escaped: escaping is the default, so a
/// stored id, field name or value can never become markup.
///
/// Literal text is trusted markup; an interpolated `String` (or number) is escaped as text; an
/// interpolated ``HTML`` is inserted as it is.
///
/// ```swift
/// let id = "<script>"
/// let row: HTML = "<td class=\"id\">\(id)</td>"   // <td class="id">&lt;script&gt;</td>
/// ```
package struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation {
    package private(set) var markup: String

    package init(stringLiteral literal: String) {
        markup = literal
    }

    package init(stringInterpolation: StringInterpolation) {
        markup = stringInterpolation.markup
    }

    /// Markup made elsewhere and known to be safe; never for stored text.
    package init(trusted markup: String) {
        self.markup = markup
    }

    /// Nothing.
    package static let empty = HTML(trusted: "")

    /// Markup built from pieces, in order.
    package init(joining parts: some Sequence<HTML>) {
        markup = parts.map(\.markup).joined()
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        package mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text: escaped, with control and bidi formatting characters written as `\u{…}` (as the
        /// CLI prints them) so that nothing stored can hide or reorder what a reader sees.
        package mutating func appendInterpolation(_ text: String) { markup += HTML.escape(NameCharacters.escaped(text)) }

        package mutating func appendInterpolation(_ number: Int64) { markup += String(number) }

        package mutating func appendInterpolation(_ number: Int) { markup += String(number) }

        package mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

        package mutating func appendInterpolation(_ parts: [HTML]) { for part in parts { markup += part.markup } }
    }

    /// `text` with `& < > " '` as character references: safe in element content and in quoted attributes.
    package static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
