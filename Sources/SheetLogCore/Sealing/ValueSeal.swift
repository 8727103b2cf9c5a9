import Crypto
import Foundation

/// Seals and opens one value with AES-256-GCM under a ``DataKey``, bound to its position by the
/// additional authenticated data: a sealed value moved to another field, event or row does not open.
///
/// The nonce is not random but derived (HMAC-SHA256 of the position and the bytes, as in SIV
/// constructions): the same value at the same position seals to the same bytes. That is what lets a
/// retried command compare its payload with the stored one byte for byte, and a rebuild write the
/// projections' bytes again; it reveals only that one position holds the same value twice. Two
/// different values never share a nonce under one key, which is what GCM needs.
///
/// Layout: a format byte (1), the 12-byte nonce, the ciphertext, the 16-byte tag.
///
/// ```swift
/// let sealed = ValueSeal.seal(Array(#""47.50""#.utf8), aad: aad, with: key)
/// ValueSeal.open(sealed, aad: aad, with: key)  // the bytes again; nil for another aad or key
/// ```
package enum ValueSeal {
    static let format: UInt8 = 1
    static let nonceCount = 12
    static let tagCount = 16
    /// The bytes a sealed value adds to its plaintext.
    package static let overhead = 1 + nonceCount + tagCount

    package static func seal(_ plaintext: [UInt8], aad: [UInt8], with key: DataKey) -> [UInt8] {
        // One update of one buffer: each of swift-crypto's updates costs about 0.5 µs whatever its length.
        var input: [UInt8] = []
        input.reserveCapacity(4 + aad.count + plaintext.count)
        appendLength(aad.count, to: &input)
        input.append(contentsOf: aad)
        input.append(contentsOf: plaintext)
        var mac = key.nonceMAC
        input.withUnsafeBytes { mac.update(data: $0) }
        // Neither call can fail: the nonce has GCM's length and the key is 256 bits.
        let nonce = try! AES.GCM.Nonce(data: mac.finalize().withUnsafeBytes { Array($0.prefix(nonceCount)) })
        let box = try! AES.GCM.seal(plaintext, using: key.sealing, nonce: nonce, authenticating: aad)
        var sealed: [UInt8] = [format]
        sealed.reserveCapacity(overhead + plaintext.count)
        nonce.withUnsafeBytes { sealed.append(contentsOf: $0) }
        box.ciphertext.withUnsafeBytes { sealed.append(contentsOf: $0) }
        box.tag.withUnsafeBytes { sealed.append(contentsOf: $0) }
        return sealed
    }

    /// The plaintext, or nil when `sealed` does not authenticate under `key` and `aad` (another key,
    /// another position, altered bytes, an unknown format).
    package static func open(_ sealed: [UInt8], aad: [UInt8], with key: DataKey) -> [UInt8]? {
        guard sealed.count >= overhead, sealed[0] == format else { return nil }
        // After the format byte the layout is GCM's own combined one: nonce ‖ ciphertext ‖ tag.
        guard let box = try? AES.GCM.SealedBox(combined: sealed[1...]),
              let plaintext = try? AES.GCM.open(box, using: key.sealing, authenticating: aad)
        else { return nil }
        return Array(plaintext)
    }

    /// `count` as four bytes, big-endian: what keeps length-prefixed parts apart in every
    /// authenticated binding (a value's position, its nonce input, a shared key's binding).
    static func appendLength(_ count: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(count).bigEndian) { bytes.append(contentsOf: $0) }
    }
}
