import Foundation
import SheetLogCore

/// Reading a report back, as `--compare` reads its reference.
extension BenchmarkReport {
    /// Reads and checks a report written by ``write(toJSONFile:)``.
    ///
    /// Refuses a file that is not such a report: unreadable, not JSON, a member missing or of the
    /// wrong type, no figures, two figures of one name, a ratio that is not a positive number, or a
    /// ratio summary that is not the one of its per-pair ratios (a hand edit of one without the other).
    package static func read(fromJSONFile path: String) throws(SheetLogError) -> BenchmarkReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw malformed(path, "it cannot be read")
        }
        return try decode(data, path: path)
    }

    /// Decodes and checks a report's JSON; `path` names it in errors.
    package static func decode(_ data: Data, path: String) throws(SheetLogError) -> BenchmarkReport {
        let report: BenchmarkReport
        do {
            report = try JSONDecoder().decode(BenchmarkReport.self, from: data)
        } catch let error as DecodingError {
            throw malformed(path, describe(error))
        } catch {
            throw malformed(path, "it is not JSON")
        }
        try report.check(path: path)
        return report
    }

    private func check(path: String) throws(SheetLogError) {
        guard !figures.isEmpty else { throw Self.malformed(path, "it holds no figure") }
        var seen: Set<String> = []
        for (index, figure) in figures.enumerated() {
            let at = "figures[\(index)] (\(figure.name))"
            guard seen.insert(figure.name).inserted else {
                throw Self.malformed(path, "\(at) repeats the name of an earlier figure")
            }
            if let pair = figure.ratios.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
                throw Self.malformed(path, "\(at): ratio of pair \(pair + 1) is not a positive number")
            }
            let summary = figure.ratios.isEmpty ? nil : try Statistics.summary(of: figure.ratios)
            guard summary == figure.ratio else {
                throw Self.malformed(path, "\(at): its ratio summary is not the median [min–max] of its per-pair ratios")
            }
        }
    }

    private static func malformed(_ path: String, _ reason: String) -> SheetLogError {
        SheetLogError(.invalidInput, "\(path) is not a benchmark report written by --json: \(reason).",
                      context: SheetLogError.Context(operation: "read report"))
    }

    /// Where the decoder stopped and why, without quoting the file's content.
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            return "\(location(context.codingPath)) is not of type \(type)"
        case .valueNotFound(let type, let context):
            return "\(location(context.codingPath)) is null where a \(type) is expected"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "\(location(context.codingPath)) is not valid"
        @unknown default:
            return "it does not decode"
        }
    }

    private static func location(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        return path.enumerated().map { index, key in
            if let position = key.intValue { return "[\(position)]" }
            return index == 0 ? key.stringValue : ".\(key.stringValue)"
        }.joined()
    }
}
