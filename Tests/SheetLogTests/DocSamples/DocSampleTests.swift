import Foundation
import Testing

/// Every Swift example of the README, of docs/ and of the facade's DocC comments compiles and
/// stays true: each is copied, byte for byte, into a twin in this folder, which the test target
/// compiles (and, for most, runs as a test; a block may have several twins, run in several
/// situations). A block edited in a document without its twin, or a twin left behind by a
/// removed block, fails here.
///
/// Twins of SwiftUI and UIKit code are compiled only where those frameworks exist
/// (`#if canImport(SwiftUI)`, `#if canImport(UIKit)`); their text is checked on every platform.
@Suite struct DocSampleTests {
    @Test func everySwiftBlockHasACompiledTwin() throws {
        let documents = try DocSample.documents()
        var blocks: [DocSample] = []
        for path in documents.markdown { blocks += try DocSample.blocks(inMarkdown: path) }
        for path in documents.swift { blocks += try DocSample.blocks(inDocComments: path) }
        #expect(blocks.contains { $0.file == "README.md" }, "the README's Swift blocks are found")

        let twins = try DocSample.twins()
        var unmatched = twins
        for block in blocks {
            let matching = twins.filter { $0.file == block.file && $0.code == block.code }
            if !matching.isEmpty {
                unmatched.removeAll { $0.file == block.file && $0.code == block.code }
                for twin in matching where !block.imports.isSubset(of: twin.imports) {
                    Issue.record("the twin of \(block) (\(twin.twinLocation ?? "")) is in a file without \(block.imports.subtracting(twin.imports).sorted())")
                }
                continue
            }
            let nearest = twins.filter { $0.file == block.file }.min { difference(block, $0) < difference(block, $1) }
            Issue.record("""
                the Swift block at \(block) has no compiled twin in Tests/SheetLogTests/DocSamples \
                (copy it between `// doc-sample: \(block.file)` and `// end doc-sample`)\
                \(nearest.map { ": nearest twin \($0.twinLocation ?? ""), first different line: \(firstDifference(block, $0))" } ?? "")
                """)
        }
        for twin in unmatched {
            Issue.record("the twin at \(twin.twinLocation ?? "") matches no Swift block of \(twin.file)")
        }
    }

    /// How many lines differ, to point at the twin a changed block most likely belongs to.
    private func difference(_ a: DocSample, _ b: DocSample) -> Int {
        let left = a.code.components(separatedBy: "\n"), right = b.code.components(separatedBy: "\n")
        return zip(left, right).filter { $0 != $1 }.count + abs(left.count - right.count)
    }

    private func firstDifference(_ block: DocSample, _ twin: DocSample) -> String {
        let left = block.code.components(separatedBy: "\n"), right = twin.code.components(separatedBy: "\n")
        for (index, pair) in zip(left, right).enumerated() where pair.0 != pair.1 {
            return "\(index + 1) (document: \(pair.0.debugDescription), twin: \(pair.1.debugDescription))"
        }
        return "line count \(left.count) against \(right.count)"
    }
}
