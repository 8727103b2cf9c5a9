/// Who a token lets in: one device, to push its own log, or a reader of the whole fleet.
public enum FleetCredential: Sendable, Hashable {
    /// Pushes the log of this device, and nothing else.
    case device(String)
    /// Reads every device, with form values masked; the name says who holds the token.
    case reader(String)
    /// Reads every device as a reader does, and may reveal one session's values at a time (each
    /// reveal recorded: ``RevealRecord``).
    case revealer(String)

    /// The `kind` column of `tokens`.
    package var kind: String {
        switch self {
        case .device: "device"
        case .reader, .revealer: "read"
        }
    }

    /// The `subject` column: the device id or the reader's name.
    package var subject: String {
        switch self {
        case let .device(id): id
        case let .reader(name), let .revealer(name): name
        }
    }

    /// The reader's name, for a token that reads the fleet; nil for a device's.
    package var readerName: String? {
        switch self {
        case .device: nil
        case let .reader(name), let .revealer(name): name
        }
    }
}
