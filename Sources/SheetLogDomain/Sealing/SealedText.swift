import Foundation
import SheetLogCore
import SheetLogJSON

/// One sealed field value as a payload or a projection column holds it: the ``ValueSeal`` bytes of
/// the value's JSON text, in base64.
///
/// ```swift
/// let text = SealedText.seal("47.50", at: position, with: key)   // "AY3k…"
/// SealedText.open(text, at: position, with: key)                 // "47.50"; nil anywhere else
/// ```
package enum SealedText {
    package static func seal(_ value: FieldValue, at position: SealPosition, with key: DataKey) -> String {
        seal(json: plaintext(value), at: position, with: key)
    }

    /// The JSON text a value is sealed as.
    package static func plaintext(_ value: FieldValue) -> String {
        var json = JSONWriter(capacity: 32)
        json.fieldValue(value)
        return json.text
    }

    /// ``seal(_:at:with:)`` of the value whose ``plaintext(_:)`` is `json`.
    package static func seal(json: String, at position: SealPosition, with key: DataKey) -> String {
        Data(ValueSeal.seal(Array(json.utf8), aad: position.bytes, with: key)).base64EncodedString()
    }

    /// The value, or nil when `text` is not a value sealed at `position` with `key`.
    package static func open(_ text: String, at position: SealPosition, with key: DataKey) -> FieldValue? {
        guard let sealed = Data(base64Encoded: text),
              let plaintext = ValueSeal.open(sealed.withUnsafeBytes { Array($0) }, aad: position.bytes, with: key),
              let json = plaintext.withUnsafeBufferPointer({ bytes in
                  var reader = JSONReader(bytes: bytes, options: .stored)
                  return try? reader.document()
              })
        else { return nil }
        switch json {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .object, .array: return nil
        }
    }
}
