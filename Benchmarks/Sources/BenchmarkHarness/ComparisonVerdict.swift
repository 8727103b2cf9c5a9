/// How one figure of a run compares with the same figure of a reference.
package enum ComparisonVerdict: String, Sendable, Hashable, Codable {
    /// Beyond the noise band, in the direction the figure improves.
    case better
    /// Within the noise band.
    case same
    /// Beyond the noise band, in the direction the figure regresses.
    case worse
    /// The reference has a ratio for the figure and this run has none.
    case missing
    /// This run has the figure and the reference has no ratio for it: nothing to compare with.
    case unreferenced

    /// Whether this verdict fails the comparison.
    package var fails: Bool {
        switch self {
        case .worse, .missing: true
        case .better, .same, .unreferenced: false
        }
    }

    /// How the table prints it.
    package var label: String {
        switch self {
        case .better: "better"
        case .same: "same within noise"
        case .worse: "WORSE"
        case .missing: "MISSING in this run"
        case .unreferenced: "not in the reference"
        }
    }
}
