import Foundation

/// A block of Swift code: one shown in a document (a ```swift block of a Markdown file, or of a
/// DocC comment), or the compiled twin of one in this folder.
///
/// A twin is the text between `// doc-sample: <path>` and `// end doc-sample` in a Swift file of
/// this folder, where `<path>` is the document's path from the package root. Both sides are
/// compared with their common indentation removed, so that a twin can sit in a function body.
/// The `import` lines a block starts with cannot sit there: they are compared with the imports of
/// the twin's file instead, each of which must be among them.
///
/// ```swift
/// let blocks = try DocSample.blocks(inMarkdown: "README.md")
/// ```
struct DocSample: Hashable, CustomStringConvertible {
    /// The document's path from the package root.
    var file: String
    /// The 1-based line of the block's first code line (in the document, or in the twin's file).
    var line: Int
    /// The code, without the fences and the leading `import` lines, its common indentation removed.
    var code: String
    /// A block's leading `import` lines; a twin's file's `import` lines.
    var imports: Set<String> = []
    /// Where a twin is: its file in this folder and the line of its first code line.
    var twinLocation: String?

    var description: String { "\(file):\(line)" }

    /// The package root: this file is Tests/SheetLogTests/DocSamples/DocSample.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// This folder, where the twins are.
    static let twinsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The app target's twins: samples compiled as an app writes them, under the main actor's
    /// default isolation (Tests/SheetLogAppTests).
    static let appTwinsFolder = root.appendingPathComponent("Tests/SheetLogAppTests")

    static let twinStart = "// doc-sample: "
    static let twinEnd = "// end doc-sample"

    /// The documents whose Swift blocks must have twins: the README, every Markdown file under
    /// docs/, and the Swift files of the facade and of the storage types it re-exports (their DocC
    /// examples).
    static func documents() throws -> (markdown: [String], swift: [String]) {
        var markdown = ["README.md"]
        markdown += try files(under: "docs", ending: ".md")
        let swift = try files(under: "Sources/SheetLog", ending: ".swift")
            + files(under: "Sources/SheetLogStorage", ending: ".swift")
        return (markdown, swift)
    }

    /// Every ```swift block of a Markdown file.
    static func blocks(inMarkdown path: String) throws -> [DocSample] {
        let lines = try text(path).components(separatedBy: "\n")
        return fencedBlocks(lines, file: path, lineContent: { $0 })
    }

    /// Every ```swift block of the DocC comments (`///` lines) of a Swift file.
    static func blocks(inDocComments path: String) throws -> [DocSample] {
        let lines = try text(path).components(separatedBy: "\n")
        return fencedBlocks(lines, file: path) { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return nil }
            let comment = trimmed.dropFirst(3)
            return String(comment.hasPrefix(" ") ? comment.dropFirst() : comment)
        }
    }

    /// Every twin in the Swift files of this folder and of the app target's, by the document it copies.
    static func twins() throws -> [DocSample] {
        var files: [(folder: URL, label: String, name: String)] = []
        for (folder, label) in [(twinsFolder, "DocSamples"), (appTwinsFolder, "SheetLogAppTests")] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            files += names.map { (folder, label, $0) }
        }
        var twins: [DocSample] = []
        for (folder, label, name) in files {
            let lines = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).components(separatedBy: "\n")
            let imports = Set(lines.filter { $0.hasPrefix("import ") })
            var open: (file: String, line: Int, body: [String])?
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix(twinStart) {
                    open = (String(trimmed.dropFirst(twinStart.count)), index + 2, [])
                } else if trimmed == twinEnd, let twin = open {
                    twins.append(DocSample(file: twin.file, line: twin.line, code: dedented(twin.body), imports: imports,
                                          twinLocation: "\(label)/\(name):\(twin.line)"))
                    open = nil
                } else if open != nil {
                    open!.body.append(line)
                }
            }
        }
        return twins
    }

    /// The ```swift … ``` blocks of `lines`, where `lineContent` gives each line's Markdown (nil: not
    /// part of the document, which closes an open block).
    private static func fencedBlocks(_ lines: [String], file: String, lineContent: (String) -> String?) -> [DocSample] {
        var blocks: [DocSample] = []
        var open: (line: Int, body: [String])?
        for (index, raw) in lines.enumerated() {
            guard let line = lineContent(raw) else {
                open = nil
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            let fence = line.dropFirst(indent)
            if let block = open {
                if fence.hasPrefix("```") && fence.trimmingCharacters(in: .whitespaces) == "```" {
                    var body = block.body
                    var imports: Set<String> = []
                    while let first = body.first, first.hasPrefix("import ") || (!imports.isEmpty && first.isEmpty) {
                        if !first.isEmpty { imports.insert(first) }
                        body.removeFirst()
                    }
                    blocks.append(DocSample(file: file, line: block.line, code: dedented(body), imports: imports))
                    open = nil
                } else {
                    open!.body.append(line)
                }
            } else if fence.trimmingCharacters(in: .whitespaces) == "```swift" {
                open = (index + 2, [])
            }
        }
        return blocks
    }

    /// The lines joined, less the indentation they all share (blank lines left aside), and less
    /// leading and trailing blank lines.
    static func dedented(_ lines: [String]) -> String {
        var lines = lines
        while let first = lines.first, first.allSatisfy({ $0 == " " }) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
        let indent = lines.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.allSatisfy { $0 == " " } ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private static func files(under folder: String, ending suffix: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }
}
