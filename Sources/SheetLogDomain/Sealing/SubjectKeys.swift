import SheetLogCore

/// Gives the codec each subject's data key to open sealed payloads with.
///
/// A database implements it over its key table and master key; the fleet collector, which holds no
/// keys unless a device shared them, answers ``SubjectKey/withheld``.
public protocol SubjectKeys: Sendable {
    func key(for subject: String) throws(SheetLogError) -> SubjectKey
}

/// A subject's key as a reader has it.
public enum SubjectKey: Sendable {
    /// The key: the subject's values open.
    case available(DataKey)
    /// The subject was erased: its values read as ``FieldValue/erased``.
    case erased
    /// This reader has no key for the subject: its values read as ``FieldValue/withheld``.
    case withheld
}

/// The keys of a reader that has none: every sealed value reads as ``FieldValue/withheld``.
public struct NoSubjectKeys: SubjectKeys {
    public init() {}
    public func key(for subject: String) -> SubjectKey { .withheld }
}

/// The keys a reader was given, subject by subject; a subject it was not given reads as withheld.
package struct GivenSubjectKeys: SubjectKeys {
    package let keys: [String: SubjectKey]

    package init(keys: [String: SubjectKey]) {
        self.keys = keys
    }

    package func key(for subject: String) -> SubjectKey { keys[subject] ?? .withheld }
}
