import Foundation

/// Event id helpers.
public enum EventIdentifier {
    /// A new random id: a lowercase UUID string.
    public static func random() -> String {
        UUID().uuidString.lowercased()
    }
}
