import Foundation
import SheetLogCore
import Testing

@Suite struct SealingTests {
    let key = DataKey.random()
    let position = SealPosition.event(id: "c1-1", stream: "s1", version: 3, member: "value", field: "amount").bytes

    @Test func aSealedValueOpensAtItsPositionWithItsKeyOnly() throws {
        let plaintext = Array(#""47.50""#.utf8)
        let sealed = ValueSeal.seal(plaintext, aad: position, with: key)
        #expect(ValueSeal.open(sealed, aad: position, with: key) == plaintext)
        #expect(sealed.count == plaintext.count + ValueSeal.overhead)
        #expect(!Data(sealed).contains(Data(plaintext.dropFirst().dropLast())))
        let elsewhere: [SealPosition] = [
            .event(id: "c1-2", stream: "s1", version: 3, member: "value", field: "amount"),
            .event(id: "c1-1", stream: "s2", version: 3, member: "value", field: "amount"),
            .event(id: "c1-1", stream: "s1", version: 4, member: "value", field: "amount"),
            .event(id: "c1-1", stream: "s1", version: 3, member: "baseline", field: "amount"),
            .event(id: "c1-1", stream: "s1", version: 3, member: "value", field: "note"),
            .projection(column: "value", session: "s1", presentation: "c1-1", field: "amount"),
        ]
        for other in elsewhere { #expect(ValueSeal.open(sealed, aad: other.bytes, with: key) == nil) }
        #expect(ValueSeal.open(sealed, aad: position, with: DataKey.random()) == nil)
        for index in sealed.indices {
            var altered = sealed
            altered[index] ^= 0x01
            #expect(ValueSeal.open(altered, aad: position, with: key) == nil, "byte \(index) altered")
        }
        #expect(ValueSeal.open(Array(sealed.dropLast()), aad: position, with: key) == nil)
    }

    @Test func positionsWhosePartsRunTogetherStayApart() {
        // Without length prefixes, ("ab","c") and ("a","bc") would authenticate each other's values.
        let one = SealPosition.event(id: "ab", stream: "c", version: 1, member: "value", field: "f").bytes
        let two = SealPosition.event(id: "a", stream: "bc", version: 1, member: "value", field: "f").bytes
        #expect(one != two)
        #expect(ValueSeal.open(ValueSeal.seal([1, 2, 3], aad: one, with: key), aad: two, with: key) == nil)
    }

    @Test func theSameValueAtTheSamePlaceSealsToTheSameBytesAndNothingElseDoes() {
        let first = ValueSeal.seal(Array("x".utf8), aad: position, with: key)
        #expect(ValueSeal.seal(Array("x".utf8), aad: position, with: key) == first)
        let other = ValueSeal.seal(Array("y".utf8), aad: position, with: key)
        #expect(other[1...12] != first[1...12], "two values must never share a nonce")
        #expect(ValueSeal.seal(Array("x".utf8), aad: position, with: DataKey.random()) != first)
    }

    @Test func aWrappedDataKeyUnwrapsForItsSubjectUnderItsMasterKeyOnly() throws {
        let master = MasterKey.generate()
        let wrapped = master.wrap(key, subject: "user-1")
        #expect(master.unwrap(wrapped, subject: "user-1")?.material == key.material)
        #expect(master.unwrap(wrapped, subject: "user-2") == nil)
        #expect(MasterKey.generate().unwrap(wrapped, subject: "user-1") == nil)
        #expect(!Data(wrapped).contains(Data(key.material)))
    }

    @Test func aKeyFileIsWrittenForItsOwnerOnlyAndReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sheetlog.key").path
        let master = MasterKey.generate()
        try master.write(toNewFileAt: path)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try MasterKey(contentsOfFile: path).check == master.check)
        #expect(try KeyFile(path: path).masterKey().check == master.check)
        #expect(MasterKey.generate().check != master.check)

        let overwrite = #expect(throws: SheetLogError.self) { try MasterKey.generate().write(toNewFileAt: path) }
        #expect(overwrite?.code == .keyUnavailable)
        #expect(overwrite?.message.contains("never overwritten") == true)
        #expect(try MasterKey(contentsOfFile: path).check == master.check, "the file is left as it was")
    }

    @Test func aKeyFileOthersCanReadOrThatIsNoKeyIsRefusedWithoutPrintingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sheetlog.key").path
        try MasterKey.generate().write(toNewFileAt: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let hex = String(text.split(separator: "\n")[1])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let open = #expect(throws: SheetLogError.self) { try MasterKey(contentsOfFile: path) }
        #expect(open?.code == .keyUnavailable)
        #expect(open?.message == "the key file \(path) can be read by other users (mode 644): chmod 600 it")

        let garbled = folder.appendingPathComponent("garbled.key").path
        FileManager.default.createFile(atPath: garbled, contents: Data("sheetlog master key v1\n\(hex.dropLast(2))zz\n".utf8),
                                       attributes: [.posixPermissions: 0o600])
        let bad = #expect(throws: SheetLogError.self) { try MasterKey(contentsOfFile: garbled) }
        #expect(bad?.message == "\(garbled) is not a SheetLog key file (make one with sheetlog keygen)")
        #expect(bad?.description.contains(hex.prefix(16)) == false)

        let missing = #expect(throws: SheetLogError.self) { try MasterKey(contentsOfFile: folder.appendingPathComponent("none").path) }
        #expect(missing?.code == .keyUnavailable)
        #expect(missing?.message.hasPrefix("cannot read the key file") == true)

        // A directory given for the key file is named as one (its mode is no key file's problem).
        let directory = folder.appendingPathComponent("keys").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory)
        let notFile = #expect(throws: SheetLogError.self) { try MasterKey(contentsOfFile: directory) }
        #expect(notFile?.code == .keyUnavailable)
        #expect(notFile?.message == "\(directory) is a directory, not a SheetLog key file (make one with sheetlog keygen)")
    }
}
