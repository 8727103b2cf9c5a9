import Crypto
import Foundation
import SheetLogCore
import Testing

/// The bytes a value seals to are a stored format: a retried command compares them with the log's,
/// and a rebuild must write the projections' bytes again. These tests pin them two ways: against
/// the construction ``ValueSeal`` documents, computed here with swift-crypto's primitives directly,
/// and against bytes recorded once, so that no optimisation of the sealing path can change them.
@Suite struct ValueSealFormatTests {
    static let material = (0..<32).map { UInt8($0 * 7 % 256) }
    let key = DataKey(material: Self.material)!

    /// HKDF-SHA256 of the material for the cipher and for the nonce; the nonce is the first 12
    /// bytes of HMAC-SHA256(length of aad ‖ aad ‖ plaintext); the layout is 0x01 ‖ nonce ‖
    /// ciphertext ‖ tag.
    static func modelSeal(_ plaintext: [UInt8], aad: [UInt8]) throws -> [UInt8] {
        let input = SymmetricKey(data: material)
        let cipherKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: input, info: Data("sheetlog value seal v1".utf8), outputByteCount: 32)
        let nonceKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: input, info: Data("sheetlog value nonce v1".utf8), outputByteCount: 32)
        let count = UInt32(aad.count)
        let prefix = [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        let mac = HMAC<SHA256>.authenticationCode(for: prefix + aad + plaintext, using: nonceKey)
        let nonce = Array(Array(mac).prefix(12))
        let box = try AES.GCM.seal(plaintext, using: cipherKey, nonce: AES.GCM.Nonce(data: nonce), authenticating: aad)
        return [1] + nonce + Array(box.ciphertext) + Array(box.tag)
    }

    @Test(arguments: [
        #""47.50""#, "true", "null", "12.5e3", #""""#, #""Zoë 🙂 \"quoted\"""#,
        #""\#(String(repeating: "long note ", count: 200))""#,
    ])
    func aValueSealsToTheDocumentedConstruction(_ json: String) throws {
        let plaintext = Array(json.utf8)
        for position in [
            SealPosition.event(id: "c1-1", stream: "s1", version: 3, member: "value", field: "amount"),
            SealPosition.projection(column: "draft_values", session: "window-1", presentation: "expense", field: "note"),
        ] {
            let aad = position.bytes
            let sealed = ValueSeal.seal(plaintext, aad: aad, with: key)
            #expect(sealed == (try Self.modelSeal(plaintext, aad: aad)))
            #expect(ValueSeal.open(sealed, aad: aad, with: key) == plaintext)
        }
    }

    @Test func positionsAreTheLengthPrefixedPartsInOrder() {
        func part(_ text: String) -> [UInt8] {
            let utf8 = Array(text.utf8)
            let count = UInt32(utf8.count)
            return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + utf8
        }
        #expect(SealPosition.event(id: "c9-1", stream: "wïndow", version: 12, member: "values", field: "amount").bytes
            == ["event", "c9-1", "wïndow", "12", "values", "amount"].flatMap(part))
        #expect(SealPosition.projection(column: "baseline", session: "s", presentation: "p", field: "").bytes
            == ["projection", "baseline", "s", "p", ""].flatMap(part))
    }

    @Test func recordedBytesStayTheSame() {
        let aad = SealPosition.event(id: "c1-1", stream: "s1", version: 3, member: "value", field: "amount").bytes
        let sealed = ValueSeal.seal(Array(#""47.50""#.utf8), aad: aad, with: key)
        #expect(sealed.map { String(format: "%02x", $0) }.joined() == "013f1c9a12a3a5acee088dfd4a80e5cc87ab1fba24ace3d7b47328796faf1b8e57faf95d")
    }
}
