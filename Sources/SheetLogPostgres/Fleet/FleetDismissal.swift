import SheetLogStorage

/// A dismissal of the fleet audit: the device it happened on, and its record as the device's audit has it.
package struct FleetDismissal: Sendable, Hashable {
    package var device: String
    package var record: DismissalRecord

    package init(device: String, record: DismissalRecord) {
        self.device = device
        self.record = record
    }
}
