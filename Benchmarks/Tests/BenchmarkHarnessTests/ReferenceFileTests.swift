import BenchmarkHarness
import Foundation
import SheetLogCore
import Testing

@Suite("Reading a reference file")
struct ReferenceFileTests {
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func write(_ text: String) throws -> String {
        let path = directory.appendingPathComponent("reference-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func validJSON() throws -> [String: Any] {
        let report = SyntheticReport.report([
            try SyntheticReport.figure("durable append", [1.19, 1.2, 1.21]),
            try SyntheticReport.figure("size", [1.28, 1.28, 1.28], unit: .bytesPerEvent, target: .atMost(2)),
        ])
        return try #require(try JSONSerialization.jsonObject(with: try report.jsonData()) as? [String: Any])
    }

    private func text(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// The message of the error reading `text` gives.
    private func refusal(_ text: String) throws -> String {
        let path = try write(text)
        let error = try #require(throws: SheetLogError.self) { try BenchmarkReport.read(fromJSONFile: path) }
        #expect(error.code == .invalidInput)
        #expect(error.message.hasPrefix("\(path) is not a benchmark report written by --json: "))
        return String(error.message.dropFirst("\(path) is not a benchmark report written by --json: ".count))
    }

    @Test("a report written by --json reads back equal")
    func roundTrip() throws {
        let report = SyntheticReport.report([try SyntheticReport.figure("durable append", [1.19, 1.2, 1.21, 1.5])])
        let path = directory.appendingPathComponent("written.json").path
        try report.write(toJSONFile: path)
        #expect(try BenchmarkReport.read(fromJSONFile: path) == report)
    }

    @Test("a file that does not exist, or is not JSON, is refused")
    func notJSON() throws {
        let missing = directory.appendingPathComponent("absent.json").path
        let error = try #require(throws: SheetLogError.self) { try BenchmarkReport.read(fromJSONFile: missing) }
        #expect(error.message == "\(missing) is not a benchmark report written by --json: it cannot be read.")
        #expect(try refusal("figure,ratio\ndurable append,1.2\n") == "it is not valid JSON.")
        #expect(try refusal("") == "it is not valid JSON.")
    }

    @Test("a missing member or one of the wrong type is refused with where it is")
    func wrongShape() throws {
        var object = try validJSON()
        object.removeValue(forKey: "sqliteVersion")
        #expect(try refusal(try text(object)) == "sqliteVersion is missing.")

        object = try validJSON()
        var figures = try #require(object["figures"] as? [[String: Any]])
        figures[1]["ratios"] = ["1.28", "1.28", "1.28"]
        object["figures"] = figures
        #expect(try refusal(try text(object)) == "figures[1].ratios[0] is not of type Double.")

        #expect(try refusal("[1, 2, 3]") == "the top level is not of type Dictionary<String, Any>.")
    }

    @Test("no figures, a repeated name, a ratio that is not positive, or a hand-edited summary is refused")
    func inconsistent() throws {
        var object = try validJSON()
        object["figures"] = [[String: Any]]()
        #expect(try refusal(try text(object)) == "it holds no figure.")

        object = try validJSON()
        var figures = try #require(object["figures"] as? [[String: Any]])
        figures[1]["name"] = "durable append"
        object["figures"] = figures
        #expect(try refusal(try text(object)) == "figures[1] (durable append) repeats the name of an earlier figure.")

        object = try validJSON()
        figures = try #require(object["figures"] as? [[String: Any]])
        figures[0]["ratios"] = [1.19, 0, 1.21]
        object["figures"] = figures
        #expect(try refusal(try text(object)) == "figures[0] (durable append): ratio of pair 2 is not a positive number.")

        object = try validJSON()
        figures = try #require(object["figures"] as? [[String: Any]])
        var ratio = try #require(figures[0]["ratio"] as? [String: Any])
        ratio["median"] = 0.6
        figures[0]["ratio"] = ratio
        object["figures"] = figures
        #expect(try refusal(try text(object))
            == "figures[0] (durable append): its ratio summary is not the median [min–max] of its per-pair ratios.")
    }
}
