/// A JSON object of `sheetlog` with a `"device"` key added, as `sheetlog-server`'s fleet commands print it.
package struct DeviceJSON<Object: Encodable>: Encodable {
    package var device: String
    package var object: Object

    package init(device: String, _ object: Object) {
        self.device = device
        self.object = object
    }

    package func encode(to encoder: any Encoder) throws {
        try object.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
    }

    private enum CodingKeys: String, CodingKey {
        case device
    }
}
