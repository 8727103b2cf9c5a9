import SheetLogDomain
import SheetLogProjections
import SheetLogStorage

extension LogBaseImage {
    /// The base as an export writes it when a subject whose drafts it carries was erased after the cut:
    /// their erased values as ``ErasedCarriedValues`` chooses (an erasure the base itself carries keeps
    /// its subject's values erased: the copy installs them with it). Also the baselines it wrote for
    /// those drafts, for the stand-ins of the edits after the cut (``ErasedEditValues``).
    func withErasedStandIns() throws -> (image: LogBaseImage, baselines: [DraftReference: [String: FieldValue]]) {
        let erasedInBase = Set(erasures.map(\.subject))
        var image = self
        var baselines: [DraftReference: [String: FieldValue]] = [:]
        var next = 1
        for index in image.sessions.indices {
            let session = image.sessions[index].session
            var carried = try CarriedSession(snapshot: image.sessions[index].state, keys: NoSubjectKeys(), valuesSealed: false)
            guard let subject = carried.projected.sealing?.subject, !erasedInBase.contains(subject) else { continue }
            var replaced = false
            for id in carried.projected.state.presentations.keys.sorted() {
                var presentation = carried.projected.state.presentations[id]!
                guard presentation.baseline.values.contains(.erased) || presentation.values.values.contains(.erased) else { continue }
                ErasedCarriedValues.replaceErased(in: &presentation, numbering: &next)
                carried.projected.state.presentations[id] = presentation
                baselines[DraftReference(session: session, presentation: id)] = presentation.baseline
                replaced = true
            }
            if replaced { image.sessions[index].state = carried.snapshotJSON(valuesSealed: false) }
        }
        return (image, baselines)
    }
}
