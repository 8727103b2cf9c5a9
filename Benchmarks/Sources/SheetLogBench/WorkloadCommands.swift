import BenchmarkHarness
import Foundation
import SheetLog

/// The workload's events turned back into the commands that produced them, for SheetLog's side.
///
/// The workload's payloads carry everything the user's command held (route, baseline, field and
/// value, source …); SheetLog's own decider, not the simulator, decides what each appends, so
/// the SheetLog side records real domain commands. Converted once, outside every timing.
enum WorkloadCommands {
    /// One envelope per workload event, in position order, with the event's id and time.
    static func make(_ events: [WorkloadEvent]) throws -> [CommandEnvelope] {
        let decoder = JSONDecoder()
        return try events.enumerated().map { index, event in
            let payload: Payload
            do {
                payload = try decoder.decode(Payload.self, from: Data(event.payload.utf8))
            } catch {
                throw failure("its payload does not decode", index: index, event: event)
            }
            let command = try command(event.type, payload, index: index, event: event)
            return CommandEnvelope(session: event.stream, command: command, id: event.eventID, occurredAt: event.occurredAt)
        }
    }

    /// The members a workload payload may hold, whatever its type.
    private struct Payload: Decodable {
        var presentation: String?
        var route: Route?
        var baseline: [String: FieldValue]?
        var required: [String]?
        var `guard`: DismissGuard?
        var field: String?
        var value: FieldValue?
        var source: DismissSource?
        var values: [String: FieldValue]?
    }

    private static func command(_ type: String, _ payload: Payload, index: Int, event: WorkloadEvent) throws -> SheetCommand {
        switch type {
        case "present":
            guard let presentation = payload.presentation, let route = payload.route else {
                throw failure("a present needs a presentation and a route", index: index, event: event)
            }
            return .present(presentation: presentation, route: route, baseline: payload.baseline ?? [:],
                            required: payload.required ?? [], guard: payload.guard ?? .whenDirty)
        case "edit":
            guard let field = payload.field else { throw failure("an edit needs a field", index: index, event: event) }
            // A JSON null decodes as an absent optional: the edit's value is then null.
            return .edit(field: field, value: payload.value ?? .null, presentation: payload.presentation)
        case "attemptDismiss":
            guard let source = payload.source else { throw failure("an attemptDismiss needs a source", index: index, event: event) }
            return .attemptDismiss(source: source, presentation: payload.presentation)
        case "confirmDiscard": return .confirmDiscard(presentation: payload.presentation)
        case "keepEditing": return .keepEditing(presentation: payload.presentation)
        case "save": return .save(values: payload.values, presentation: payload.presentation)
        case "declineDraft":
            guard let presentation = payload.presentation else {
                throw failure("a declineDraft needs a presentation", index: index, event: event)
            }
            return .declineDraft(from: DraftReference(session: event.stream, presentation: presentation))
        case "endSession": return .endSession
        default: throw failure("its type is not a command of the workload", index: index, event: event)
        }
    }

    private static func failure(_ rule: String, index: Int, event: WorkloadEvent) -> SheetLogError {
        SheetLogError(
            .invalidInput, "Workload event at position \(index + 1) cannot become a command: \(rule).",
            context: SheetLogError.Context(stream: event.stream, position: Int64(index + 1), eventID: event.eventID,
                                           eventType: event.type, operation: "workload commands"))
    }
}
