import Foundation

/// Coding as a plain JSON scalar: `"47.50"`, `12.5`, `true`, `null`; the markers as objects that no
/// typed value can be, `{"erased":true}` and `{"withheld":true}`.
///
/// A number is decoded only when it can be stored exactly: when the double it becomes prints back
/// (shortest round-trip form, as SheetLog stores it) to the decimal value the decoder read. So
/// `9007199254740993` or a 30-digit integer throw `DecodingError.dataCorrupted` instead of turning
/// into another number. `JSONDecoder` reads a `Decimal` from the number's text, to 38 digits and
/// within about 1e±128: beyond that the check cannot see the text, and the double is kept.
extension FieldValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let marker = try? decoder.container(keyedBy: MarkerKey.self) {
            self = try Self.marker(in: marker)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            if let text = try? container.decode(Decimal.self), let stored = Decimal(string: number.description), text != stored {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a number cannot be stored exactly; send it as a string")
            }
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        case .erased, .withheld:
            var marker = encoder.container(keyedBy: MarkerKey.self)
            try marker.encode(true, forKey: self == .erased ? .erased : .withheld)
        }
    }

    private enum MarkerKey: String, CodingKey { case erased, withheld }

    /// `{"erased":true}` or `{"withheld":true}`, and nothing else.
    private static func marker(in container: KeyedDecodingContainer<MarkerKey>) throws -> FieldValue {
        let keys = container.allKeys
        guard keys.count == 1, try container.decode(Bool.self, forKey: keys[0]) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath, debugDescription: "a field value is a JSON scalar, {\"erased\":true} or {\"withheld\":true}"))
        }
        switch keys[0] {
        case .erased: return .erased
        case .withheld: return .withheld
        }
    }
}

extension FieldValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
