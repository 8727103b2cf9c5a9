import Foundation
import SheetLogCore
@testable import SheetLogPostgres
import Testing

/// The fleet store's migrations: embedded as shipped, pinned, numbered without gaps.
@Suite struct PostgresMigrationFileTests {
    /// The SHA-256 of every shipped file of Migrations/postgres/. A shipped file never changes: a
    /// schema change is a new file, and its checksum is added here.
    static let pinnedChecksums: [Int: String] = [
        1: "e5d460e505cc04d3066b9b3d74c855eeaf20d1d2e40e630edbe33768d177ad60",
        2: "2670563515d233c0ec190285ad937983c5c1604f8a676dac9e297a5b687d14d1",
        3: "bc2a83e95565269bcd057e732ed738be75d005b068774639dd8002f8c2a1d786",
        4: "3b65e95daf0641520ca83fd98a4ee7d2c84b07a5298a73ec16f24e930ab084d9",
        5: "1044f2ad482b606dd1d78de00a84a71e55721a89f792800476408f3d62096442",
        6: "1144f8dd339ba7a64f39c9fca5cbb9d2d76961ba0d96b8e400526341d71fd9a8",
        7: "d1b4dce7c761ffcc9e90d4c0e0a48eb7791c708482a68cb2dd1d497557303159",
        8: "1ccbd5ba31c4b5b6da83cd31f9c7101e94440a068ec8254f97e3f8ede75ba988",
        9: "c44d9b879b391e94ebf702520018b6741fff991d51b0cb0a575a3573696c7eab",
        10: "0fb0b84b006067abc9e5eacefda550a411a07312287ac725e1768991f8f77267",
        11: "b1880b5bce14ab494110d8005d044aeab0d9795cee4c978620d4cf5ef01624bb",
    ]

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Migrations/postgres")

    @Test func theGeneratedFileHoldsExactlyTheTextsOfMigrationsPostgres() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!files.isEmpty)
        #expect(files == PostgresMigration.embedded.map(\.fileName), "run Scripts/generate-migrations.sh")
        for (file, migration) in zip(files, PostgresMigration.embedded) {
            let data = try Data(contentsOf: Self.directory.appendingPathComponent(file))
            #expect(String(decoding: data, as: UTF8.self) == migration.sql, "\(file): run Scripts/generate-migrations.sh")
            #expect(Checksum.sha256Hex([UInt8](data)) == migration.sha256, "\(file)")
        }
    }

    @Test func shippedMigrationsArePinnedAndNumberedWithoutGaps() {
        #expect(PostgresMigration.embedded.map(\.number) == Array(1...PostgresMigration.embedded.count))
        for migration in PostgresMigration.embedded {
            #expect(Self.pinnedChecksums[migration.number] == migration.sha256,
                    "\(migration.fileName) changed or is not pinned; a shipped migration must never be edited")
        }
        #expect(Self.pinnedChecksums.count == PostgresMigration.embedded.count)
    }
}
