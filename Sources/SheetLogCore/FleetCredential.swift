/// Who a token lets in: one device, to push its own log, or a reader of the whole fleet.
public enum FleetCredential: Sendable, Hashable {
    /// Pushes the log of this device, and nothing else.
    case device(String)
    /// Reads every device; the name says who holds the token.
    case reader(String)

    /// The `kind` column of `tokens`.
    package var kind: String {
        switch self {
        case .device: "device"
        case .reader: "read"
        }
    }

    /// The `subject` column: the device id or the reader's name.
    package var subject: String {
        switch self {
        case let .device(id): id
        case let .reader(name): name
        }
    }
}
