import Foundation
import SheetLog
@testable import SheetLogFuzz
import Testing

/// Every seed and every crash reproducer of the fuzz corpus, through the fuzz target's own
/// harness: no crash, and either a typed rejection naming line 1 or a line the decider handles.
@Suite("the fuzz corpus replays without a crash")
struct FuzzCorpusReplayTests {
    static var corpus: URL {
        get throws { try #require(Bundle.module.url(forResource: "FuzzCorpus", withExtension: nil)) }
    }

    static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everyCorpusFileReplays() throws {
        let files = try Self.files()
        #expect(files.count >= 20)
        var accepted = 0
        for file in files {
            let name = file.lastPathComponent
            switch FuzzHarness.run(Array(try Data(contentsOf: file))) {
            case .rejected(let error):
                #expect(error.code == .invalidInput, "\(name)")
                #expect(error.context.line == 1, "\(name)")
                #expect(!name.hasPrefix("valid-"), "\(name) is meant to be accepted: \(error.message)")
            case .accepted(_, let decided):
                accepted += 1
                #expect(!name.hasPrefix("nasty-"), "\(name) is meant to be rejected")
                #expect(name.hasPrefix("crash-") || decided > 0, "\(name): no fuzz state accepts the command")
            }
        }
        #expect(accepted >= 11)
    }
}
