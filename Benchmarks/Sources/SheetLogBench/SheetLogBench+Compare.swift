import ArgumentParser
import BenchmarkHarness
import Foundation
import SheetLogCore

/// `--compare`: what to run against a reference, decided before anything is measured.
extension SheetLogBench {
    /// The reference's figures this run must produce, and the figure kinds that produce them.
    struct ComparisonPlan {
        var path: String
        /// The reference, its figures narrowed to those `--figure` asks for.
        var reference: BenchmarkReport
        var figureNames: [FigureName]
    }

    /// Exit status of a reference refused before the run: a usage error, as the CLI's 2.
    static let refusedStatus = ExitCode(2)

    static func readReference(_ path: String) throws -> BenchmarkReport {
        do {
            return try BenchmarkReport.read(fromJSONFile: path)
        } catch {
            throw refuse(error.message)
        }
    }

    /// Refuses a reference made under other conditions, and one with none of the asked figures.
    func planComparison(with reference: BenchmarkReport, settings: BenchSettings) throws -> ComparisonPlan {
        let path = compare ?? ""
        do {
            try BenchmarkConditions(of: reference).requireComparable(with: Self.conditions(settings), referencePath: path)
        } catch {
            throw Self.refuse(error.message)
        }
        var narrowed = reference
        if !figureNames.isEmpty {
            narrowed.figures = reference.figures.filter { figure in
                FigureName.producing(figure.name).map(figureNames.contains) ?? false
            }
        }
        let kinds = FigureName.allCases.filter { kind in
            narrowed.figures.contains { FigureName.producing($0.name) == kind }
        }
        guard !narrowed.figures.isEmpty else {
            let asked = figureNames.map(\.rawValue).joined(separator: ", ")
            throw Self.refuse("The reference \(path) has no figure of --figure \(asked): nothing to compare.")
        }
        for name in figureNames where !kinds.contains(name) {
            progress("--figure \(name.rawValue) is not in the reference \(path): not run")
        }
        return ComparisonPlan(path: path, reference: narrowed, figureNames: kinds)
    }

    private static func refuse(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("sheetlog-bench: \(message)\n".utf8))
        return refusedStatus
    }
}
