import Foundation
import SheetLogSQLite
import Testing

@Suite("Embedded migrations")
struct MigrationFileTests {
    /// The SHA-256 of every shipped migration file. A shipped file must never change: a schema
    /// change is a new file, and its checksum is added here.
    static let pinnedChecksums: [Int: String] = [
        1: "b7ac851fba75a6c4dc989625b966af670adec9216df5cafcdf5177810490df56",
        2: "d569eb86ea5b08d7600ed91adc06437c7aa7812e5b2effd4529e4102a86a2619",
        3: "f5fd8663411ec2a68fea5a3b25ebe570abb89c743f6a754ef9a25b250ef3903d",
        4: "4d27f7dbe82d9f9c4451ed1dab80680b431af33896bba1887ba5553f36501828",
        5: "f2ed63ad84e4c53a5a8ece012f4ac0509c27d5f5ac2c5f84b78c5a116727c981",
        6: "7f71337dd4cd7c6ce7010832114efc995adecf4621e47e2a83f50e2265c3b88e",
        7: "0e6c7f33d0f6208e19cc9cade14cc02898772ff90c5583ea19323ba93afd7ae7",
        8: "2a841469bf1020182ff5a87d1015c27343e7a68dbbae101ae66c912ce978fa74",
        9: "133d9399437056b0ed80175bfbbfc8a1e47d6cade2555112b111b2c2474f1595",
        10: "ae28041953da823fb2f5028e8fd2e616aaebda1ecf1e3c7990fd637c113d19a3",
        11: "532a5ccb5e0b346af039e4ff68da73d6f9664fd4bf34053b61d11379b017d447",
        12: "3b543c8cb6d8855631d02ddfcde9f83d3f15d4a1f9f99153a6ef1c0d794120bd",
        13: "7d039914ceb39fdebbbb29f17259ce1fb71c6160367d4841812c0b1d3d5ad33a",
        14: "7be907c79aebe7638779cc92263be59c0565f390bdbac938f21d12dc7d39e0d2",
        15: "0d42a794fa6e1a9ffe5c831af1cce2b9f6524da0335675e84eb4d02271a13d87",
        16: "9f54fe2f53a771951f13f9b30ffbe8321d009ef353bad559000717d466db6be9",
        17: "cdb31dbbf3a2d2df2d80bea624fd1f72c37d76f8849966b5acd9e6c394e810e0",
    ]

    @Test("the generated file holds exactly the texts of Migrations/*.sql")
    func generatedFileMatchesTheSourceTree() throws {
        let directory = packageRoot.appendingPathComponent("Migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(!files.isEmpty)
        #expect(files == SchemaMigration.embedded.map(\.fileName), "run Scripts/generate-migrations.sh")
        for (file, migration) in zip(files, SchemaMigration.embedded) {
            let data = try Data(contentsOf: directory.appendingPathComponent(file))
            let text = try #require(String(data: data, encoding: .utf8))
            #expect(text == migration.sql, "\(file) differs from the embedded text: run Scripts/generate-migrations.sh")
            #expect(Checksum.sha256Hex([UInt8](data)) == migration.sha256, "\(file)")
            #expect(Checksum.sha256Hex(migration.sql) == migration.sha256, "embedded checksum of \(file)")
        }
    }

    @Test("shipped migrations are pinned by checksum and numbered without gaps")
    func shippedMigrationsArePinned() {
        #expect(SchemaMigration.embedded.map(\.number) == Array(1...SchemaMigration.embedded.count))
        for migration in SchemaMigration.embedded {
            #expect(Self.pinnedChecksums[migration.number] == migration.sha256,
                    "\(migration.fileName) changed or is not pinned; a shipped migration must never be edited")
        }
        #expect(Self.pinnedChecksums.count == SchemaMigration.embedded.count)
    }
}
