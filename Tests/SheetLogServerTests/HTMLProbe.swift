import Foundation

/// Reads the few facts the page tests check out of the markup, by pattern (the pages are ours and regular).
enum HTMLProbe {
    /// The labels of the alert's buttons, in order.
    static func dialogButtons(_ html: String) -> [String] {
        matches(#"<span class="dialog-button[^"]*" data-action="[a-z]+">([^<]*)</span>"#, in: html)
    }

    /// The presentations of the sheet cards, bottom to top.
    static func cards(_ html: String) -> [String] {
        matches(#"<article class="sheet-card[^"]*" data-presentation="([^"]*)""#, in: html)
    }

    /// The classes of each field row, by field name.
    static func fieldClasses(_ html: String) -> [String: [String]] {
        let regex = try! NSRegularExpression(pattern: #"<tr class="([^"]*)" data-field="([^"]*)""#)
        var result: [String: [String]] = [:]
        for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let classes = String(html[Range(match.range(at: 1), in: html)!])
            result[String(html[Range(match.range(at: 2), in: html)!])] = classes.split(separator: " ").map(String.init)
        }
        return result
    }

    static func matches(_ pattern: String, in html: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range(at: 1), in: html)!])
        }
    }
}
