/// One device of the fleet store, as the device list shows it.
package struct FleetDevice: Sendable, Hashable {
    package var device: String
    /// How many events its log holds.
    package var events: Int64
    /// When the device's store recorded its last event, in milliseconds since 1970.
    package var lastRecordedAt: Int64?

    package init(device: String, events: Int64, lastRecordedAt: Int64?) {
        self.device = device
        self.events = events
        self.lastRecordedAt = lastRecordedAt
    }
}
