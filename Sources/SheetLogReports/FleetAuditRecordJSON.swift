/// One element of `sheetlog-server audit --json`: ``AuditRecordJSON``'s keys plus `"device"`.
package struct FleetAuditRecordJSON: Encodable {
    package var device: String
    package var record: AuditRecordJSON

    package func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
    }

    private enum CodingKeys: String, CodingKey {
        case device
    }
}
