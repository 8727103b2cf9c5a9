/// Where a sheet leads: a route name, the exclusivity group it belongs to, and its parameters.
///
/// Two presentations whose routes share a `group` can't be in one stack at once (composer and
/// editProfile both in group "editor"). The group defaults to the name.
///
/// ```swift
/// let route = Route(name: "newExpense", group: "editor", params: ["itemID": "123"])
/// ```
public struct Route: Sendable, Hashable, Codable {
    public var name: String
    public var group: String
    public var params: [String: String]

    public init(name: String, group: String? = nil, params: [String: String] = [:]) {
        self.name = name
        self.group = group ?? name
        self.params = params
    }

    private enum CodingKeys: String, CodingKey { case name, group, params }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        self.init(
            name: name,
            group: try container.decodeIfPresent(String.self, forKey: .group),
            params: try container.decodeIfPresent([String: String].self, forKey: .params) ?? [:])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(group, forKey: .group)
        try container.encode(params, forKey: .params)
    }
}
