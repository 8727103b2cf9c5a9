/// What asked a sheet to go away.
public enum DismissSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user swiped the sheet down.
    case swipe
    /// The user tapped the sheet's Cancel button.
    case cancelButton
    /// The app's code dismissed it (a coordinator setting `presentedSheet = nil`).
    case programmatic
}
