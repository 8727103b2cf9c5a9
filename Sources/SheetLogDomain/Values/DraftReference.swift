/// Points at a draft: a presentation within a session.
///
/// ```swift
/// let reference = DraftReference(session: "s1", presentation: "expense-1")
/// ```
public struct DraftReference: Sendable, Hashable, Codable, CustomStringConvertible {
    public var session: String
    public var presentation: String

    public init(session: String, presentation: String) {
        self.session = session
        self.presentation = presentation
    }

    public var description: String { "\(session)/\(presentation)" }
}
