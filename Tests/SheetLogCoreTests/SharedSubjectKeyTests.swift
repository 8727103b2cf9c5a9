import Foundation
@testable import SheetLogCore
import Testing

/// A subject's key shared with the collector opens with the collector's private key, for the device
/// and subject it was wrapped for, and with nothing else.
@Suite struct SharedSubjectKeyTests {
    @Test func aSharedKeyOpensWithTheCollectorsKeyForItsDeviceAndSubjectOnly() throws {
        let collector = CollectorKey.generate()
        let key = DataKey.random()
        let shared = SharedSubjectKey.wrap(key, subject: "user-42", device: "ipad-7", for: collector.publicKey)
        #expect(shared.ephemeralPublicKey.count == 32 && shared.sealedKey.count == SharedSubjectKey.sealedKeyCount)
        #expect(try collector.open(shared, device: "ipad-7").material == key.material)
        // The raw key appears nowhere in what is shared.
        let sharedBytes = Data(shared.ephemeralPublicKey + shared.sealedKey)
        #expect(sharedBytes.range(of: Data(key.material.prefix(16))) == nil)

        let otherDevice = #expect(throws: SheetLogError.self) { try collector.open(shared, device: "ipad-8") }
        #expect(otherDevice?.code == .wrongKey)
        var otherSubject = shared
        otherSubject.subject = "user-43"
        #expect(throws: SheetLogError.self) { try collector.open(otherSubject, device: "ipad-7") }
        #expect(throws: SheetLogError.self) { try CollectorKey.generate().open(shared, device: "ipad-7") }
        for index in [0, 12, 40, 59] {
            var altered = shared
            altered.sealedKey[index] ^= 0x01
            #expect(throws: SheetLogError.self) { try collector.open(altered, device: "ipad-7") }
        }
        var swapped = shared
        swapped.ephemeralPublicKey = SharedSubjectKey.wrap(key, subject: "user-42", device: "ipad-7", for: collector.publicKey).ephemeralPublicKey
        #expect(throws: SheetLogError.self) { try collector.open(swapped, device: "ipad-7") }
    }

    @Test func twoSharesOfOneKeyLookNothingAlike() {
        let collector = CollectorKey.generate()
        let key = DataKey.random()
        let first = SharedSubjectKey.wrap(key, subject: "s", device: "d", for: collector.publicKey)
        let second = SharedSubjectKey.wrap(key, subject: "s", device: "d", for: collector.publicKey)
        #expect(first.ephemeralPublicKey != second.ephemeralPublicKey && first.sealedKey != second.sealedKey)
    }

    @Test func theCollectorKeyFileIsTheOwnersAndNeverOverwritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collector-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("collector.key").path
        let collector = CollectorKey.generate()
        try collector.write(toNewFileAt: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try CollectorKey(contentsOfFile: path).publicKey == collector.publicKey)
        let again = #expect(throws: SheetLogError.self) { try CollectorKey.generate().write(toNewFileAt: path) }
        #expect(again?.message.contains("never overwritten") == true)
        #expect(try CollectorKey(contentsOfFile: path).publicKey == collector.publicKey)

        let master = folder.appendingPathComponent("master.key").path
        try MasterKey.generate().write(toNewFileAt: master)
        let wrongKind = #expect(throws: SheetLogError.self) { try CollectorKey(contentsOfFile: master) }
        #expect(wrongKind?.message == "\(master) is not a SheetLog collector key file (make one with sheetlog-server collector-key)")
        #expect(throws: SheetLogError.self) { try MasterKey(contentsOfFile: path) }

        #expect(CollectorPublicKey(hex: collector.publicKey.description) == collector.publicKey)
        #expect(CollectorPublicKey(hex: "zz") == nil)
        #expect(CollectorPublicKey(hex: String(repeating: "ab", count: 31)) == nil)
    }
}
