/// The viewer's URLs, built from ids: every path segment and query value percent-encoded, so that an
/// id holding `/`, `?`, `#`, quotes or markup stays one segment (and the HTML layer escapes the rest).
///
/// A session named `.` or `..` cannot be a path segment: browsers remove dot segments (also written
/// `%2E%2E`) before sending. Its URLs carry it as a query value instead (`/devices/D/timeline?session=..`,
/// `/api/devices/D/state?session=..&at=`, `/api/devices/D/replay?session=..`); every other id keeps
/// the path form.
package enum ViewerPaths {
    package static let script = "/assets/viewer.js"
    package static let style = "/assets/viewer.css"

    package static func sessions(device: String, query: [(String, String?)] = []) -> String {
        "/devices/\(segment(device))/sessions" + queryString(query)
    }

    /// `at`: a version or a time, as the timeline's `at=` takes it (never with `version`).
    package static func timeline(device: String, session: String, version: Int64? = nil, reveal: Int64? = nil, at: String? = nil) -> String {
        let reveal = ("reveal", reveal.map(String.init))
        let moment = [("v", version.map(String.init)), ("at", at)]
        if isDotSegment(session) {
            return "/devices/\(segment(device))/timeline" + queryString([("session", session), reveal] + moment)
        }
        return "/devices/\(segment(device))/sessions/\(segment(session))" + queryString([reveal] + moment)
    }

    /// The query of the timeline's own URL up to the version's digits (`?v=`, or `?session=..&v=`,
    /// with `reveal=N&` before the version within a reveal): the script appends a version to it for
    /// the rows' links and the address bar.
    package static func timelineVersionQuery(session: String, reveal: Int64? = nil) -> String {
        let revealPart = reveal.map { "reveal=\($0)&" } ?? ""
        return isDotSegment(session) ? "?session=\(segment(session))&\(revealPart)v=" : "?\(revealPart)v="
    }

    /// Where the timeline's Reveal button posts (the session in the query, as the query-form routes carry it).
    package static func reveal(device: String, session: String) -> String {
        "/devices/\(segment(device))/reveal" + queryString([("session", session)])
    }

    package static let accessLog = "/access-log"

    package static func audit(device: String, query: [(String, String?)] = []) -> String {
        "/devices/\(segment(device))/audit" + queryString(query)
    }

    package static func drafts(device: String) -> String {
        "/devices/\(segment(device))/drafts"
    }

    package static func erasures(device: String) -> String {
        "/devices/\(segment(device))/erasures"
    }

    package static func apiErasures(device: String, query: [(String, String?)]) -> String {
        "/api/devices/\(segment(device))/erasures" + queryString(query)
    }

    package static func apiReplay(device: String, session: String, reveal: Int64? = nil) -> String {
        let reveal = ("reveal", reveal.map(String.init))
        if isDotSegment(session) { return "/api/devices/\(segment(device))/replay" + queryString([("session", session), reveal]) }
        return "/api/devices/\(segment(device))/sessions/\(segment(session))/replay" + queryString([reveal])
    }

    /// The session's self-contained export for a bug report, redacted (`GET …/export`).
    package static func apiExport(device: String, session: String) -> String {
        if isDotSegment(session) { return "/api/devices/\(segment(device))/export" + queryString([("session", session)]) }
        return "/api/devices/\(segment(device))/sessions/\(segment(session))/export"
    }

    /// The state endpoint's URL up to the version's digits (`…/state?at=`): where the timeline's script
    /// fetches the state of each version it moves to, and its "state JSON" link, kept at the one in view.
    package static func apiState(device: String, session: String, reveal: Int64? = nil) -> String {
        let revealPart = reveal.map { "reveal=\($0)&" } ?? ""
        if isDotSegment(session) {
            return "/api/devices/\(segment(device))/state?session=\(segment(session))&\(revealPart)at="
        }
        return "/api/devices/\(segment(device))/sessions/\(segment(session))/state?\(revealPart)at="
    }

    /// Whether browsers would drop `id` as a path segment (`.` and `..`; `%2E` is decoded first).
    package static func isDotSegment(_ id: String) -> Bool {
        id == "." || id == ".."
    }

    package static func apiAudit(device: String, query: [(String, String?)]) -> String {
        "/api/devices/\(segment(device))/audit" + queryString(query)
    }

    /// `?name=value&…` for the pairs with a non-empty value, or nothing.
    package static func queryString(_ pairs: [(String, String?)]) -> String {
        let present = pairs.compactMap { name, value in value.flatMap { $0.isEmpty ? nil : "\(name)=\(segment($0))" } }
        return present.isEmpty ? "" : "?" + present.joined(separator: "&")
    }

    /// `text` percent-encoded but for RFC 3986's unreserved characters.
    package static func segment(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
