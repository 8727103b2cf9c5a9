import Foundation

/// Coding as a plain JSON scalar: `"47.50"`, `12.5`, `true`, `null`.
///
/// A number is decoded only when it can be stored exactly: when the double it becomes prints back
/// (shortest round-trip form, as SheetLog stores it) to the decimal value the decoder read. So
/// `9007199254740993` or a 30-digit integer throw `DecodingError.dataCorrupted` instead of turning
/// into another number. `JSONDecoder` reads a `Decimal` from the number's text, to 38 digits and
/// within about 1e±128: beyond that the check cannot see the text, and the double is kept.
extension FieldValue: Codable {
    public init(from decoder: any Decoder) throws {
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
