/// The viewer's URLs, built from ids: every path segment and query value percent-encoded, so that an
/// id holding `/`, `?`, `#`, quotes or markup stays one segment (and the HTML layer escapes the rest).
package enum ViewerPaths {
    package static let script = "/assets/viewer.js"
    package static let style = "/assets/viewer.css"

    package static func sessions(device: String, query: [(String, String?)] = []) -> String {
        "/devices/\(segment(device))/sessions" + queryString(query)
    }

    package static func timeline(device: String, session: String, version: Int64? = nil) -> String {
        "/devices/\(segment(device))/sessions/\(segment(session))" + queryString([("v", version.map(String.init))])
    }

    /// The state panel of one version (`?v=N`), as an HTML fragment: the timeline's script swaps it in.
    package static func statePanel(device: String, session: String) -> String {
        "/devices/\(segment(device))/sessions/\(segment(session))/state"
    }

    package static func audit(device: String, query: [(String, String?)] = []) -> String {
        "/devices/\(segment(device))/audit" + queryString(query)
    }

    package static func drafts(device: String) -> String {
        "/devices/\(segment(device))/drafts"
    }

    package static func apiReplay(device: String, session: String) -> String {
        "/api/devices/\(segment(device))/sessions/\(segment(session))/replay"
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
