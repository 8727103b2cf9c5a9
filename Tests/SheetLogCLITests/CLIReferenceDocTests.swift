import Foundation
import SheetLogTestSupport
import Testing

/// docs/cli.md cannot fall behind the binary: every command and option that `sheetlog … --help`
/// lists has its place there, and the page documents no command the binary does not have.
@Suite struct CLIReferenceDocTests {
    /// What one `--help` lists.
    struct Help {
        var options: [String] = []
        var arguments: [String] = []
        var subcommands: [String] = []

        init(_ path: [String]) throws {
            let run = try CLIHarness.run(path + ["--help"])
            #expect(run.status == 0, "sheetlog \(path.joined(separator: " ")) --help")
            var section = ""
            for line in run.stdout.components(separatedBy: "\n") {
                if !line.hasPrefix(" "), line.hasSuffix(":") {
                    section = line
                    continue
                }
                // An entry starts two spaces in; its help text, and help wrapped onto further lines, further in.
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
                let entry = line.dropFirst(2).prefix { $0 != " " }
                // The closing hint ("See 'sheetlog help <subcommand>' …") is no entry.
                if entry == "See" { continue }
                switch section {
                case "OPTIONS:":
                    let names = line.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                    options += names.prefix { $0.hasPrefix("-") }
                case "ARGUMENTS:": arguments.append(String(entry))
                case "SUBCOMMANDS:": subcommands.append(String(entry))
                default: break
                }
            }
        }
    }

    /// The page, and its sections by heading.
    struct Page: CustomStringConvertible {
        var description: String { "docs/cli.md" }

        let text: String

        init() throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            text = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        }

        /// The text under `heading` up to the next heading of the same or a higher level.
        func section(_ heading: String) -> String? {
            guard let start = text.range(of: "\n" + heading + "\n") else { return nil }
            let level = heading.prefix { $0 == "#" }.count
            var body = ""
            for line in text[start.upperBound...].components(separatedBy: "\n") {
                let hashes = line.prefix { $0 == "#" }.count
                if hashes > 0, hashes <= level, line.dropFirst(hashes).hasPrefix(" ") { break }
                body += line + "\n"
            }
            return body
        }

        /// Every "### `sheetlog …`" heading, as the command path it names.
        var commandHeadings: [[String]] {
            text.components(separatedBy: "\n").filter { $0.hasPrefix("### `sheetlog ") }.map {
                $0.dropFirst("### `sheetlog ".count).prefix { $0 != "`" }.split(separator: " ").map(String.init)
            }
        }
    }

    /// Every runnable command path (`["recover", "restore"]`), depth first.
    private func commandPaths() throws -> [[String]] {
        var paths: [[String]] = []
        func visit(_ path: [String]) throws {
            let help = try Help(path)
            if help.subcommands.isEmpty {
                paths.append(path)
            } else {
                #expect(path.count < 3, "sheetlog \(path) nests no deeper")
            if path.count >= 3 { return }
            for name in help.subcommands { try visit(path + [name]) }
            }
        }
        for name in try Help([]).subcommands { try visit([name]) }
        return paths
    }

    @Test func everyCommandOptionAndArgumentIsDocumented() throws {
        let page = try Page()
        let global = try Help([]).options
        #expect(global.contains("--db") && global.contains("--busy-timeout"))
        let globalSection = try #require(page.section("## Global options"))
        for option in global {
            #expect(globalSection.contains("`\(option)"), "global option \(option) in docs/cli.md's Global options")
        }

        let paths = try commandPaths()
        #expect(paths.count >= 11, "\(paths)")
        for path in paths {
            let name = "sheetlog " + path.joined(separator: " ")
            guard let section = page.section("### `\(name)`") else {
                Issue.record("docs/cli.md has no section \"### `\(name)`\"")
                continue
            }
            let help = try Help(path)
            for option in help.options where !global.contains(option) {
                #expect(section.contains("`\(option)"), "\(name): option \(option) in its section")
            }
            for argument in help.arguments {
                #expect(section.contains("`\(argument)`"), "\(name): argument \(argument) in its section")
            }
        }
        #expect(Set(page.commandHeadings) == Set(paths), "the page documents exactly the binary's commands")
    }

    @Test func theExitCodesAreTheBinarys() throws {
        let page = try Page()
        let section = try #require(page.section("## Exit codes"))
        let codes = section.components(separatedBy: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("| "), let code = Int(line.dropFirst(2).prefix { $0 != " " }) else { return nil }
            return code
        }
        #expect(codes == [0, 1, 2, 3, 4])
        let help = try CLIHarness.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        for phrase in ["0 success", "1 rejected input or a failed check", "2 usage error", "3 the database is busy", "4 verify could not run its checks"] {
            #expect(help.contains(phrase), "sheetlog --help says \(phrase)")
        }
    }
}
