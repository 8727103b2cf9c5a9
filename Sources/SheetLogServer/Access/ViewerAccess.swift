/// Who may read what the viewer serves, and whether it collects pushes.
package enum ViewerAccess: Sendable {
    /// One SQLite file, served to whoever reaches the address (loopback by default): no token.
    case open
    /// A fleet store: reading takes a reader token, and devices push their logs with their own
    /// tokens to `POST /v1/devices/{device}/events` under `options`.
    case fleet(any PushCollector, CollectorOptions)
}
