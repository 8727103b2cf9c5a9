import Foundation
import SheetLogTestSupport
import Testing

/// The tests start processes from many threads at once: a binary's run must not be held up by a
/// process another test starts, nor hand that process anything of its own. A whole-suite run in CI
/// once failed "sheetlog-server ended but its output did not": the write end of its output pipe had
/// gone to a child started at the same moment by another test, which outlived it.
@Suite("children started while other tests start theirs")
struct ChildDescriptorTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("the pipes a run reads are close-on-exec in the tests' process: no other child inherits them")
    func runPipesAreCloseOnExec() throws {
        // For stdout and stderr, the descriptors of the tests' process on the same pipe, with their flags.
        let script = """
        for stream in 1 2; do
          target=$(readlink /proc/$$/fd/$stream)
          for fd in /proc/$PPID/fd/*; do
            if [ "$(readlink "$fd")" = "$target" ]; then
              echo "$stream ${fd##*/} $(sed -n 's/^flags:[[:space:]]*//p' /proc/$PPID/fdinfo/${fd##*/})"
            fi
          done
        done
        """
        let run = try ProductBinary.run(Self.shell, ["-c", script], input: Data("held".utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let held = run.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(Set(held.map { $0[0] }) == ["1", "2"], "the tests' process holds the read end of each pipe: \(run.stdout)")
        for line in held {
            let flags = try #require(Int(line[2], radix: 8))
            #expect(flags & 0o2000000 != 0, "descriptor \(line[1]) (the child's \(line[0] == "1" ? "stdout" : "stderr")) is inherited by every exec: flags \(line[2])")
        }
    }

    @Test("a run's child inherits its three standard streams and nothing else the tests' process holds")
    func childInheritsOnlyStandardStreams() throws {
        // A pipe of the kind Foundation makes (not close-on-exec), open while the child starts.
        let open = Pipe()
        defer { try? open.fileHandleForReading.close(); try? open.fileHandleForWriting.close() }
        let run = try ProductBinary.run(Self.shell, ["-c", "for fd in /proc/$$/fd/*; do echo \"${fd##*/} $(readlink \"$fd\")\"; done"])
        #expect(run.status == 0, "\(run.stderr)")
        let inherited = run.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1) }
        var status = stat()
        #expect(fstat(open.fileHandleForWriting.fileDescriptor, &status) == 0)
        let pipe = "pipe:[\(status.st_ino)]"
        #expect(!inherited.contains { $0.count == 2 && $0[1] == pipe }, "the child holds the tests' \(pipe): \(run.stdout)")
        let numbers = Set(inherited.compactMap { Int32($0[0]) })
        #expect(numbers.isSuperset(of: [0, 1, 2]), "\(run.stdout)")
    }
}
