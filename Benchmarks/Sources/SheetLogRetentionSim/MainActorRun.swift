import RetentionSimulation

/// The simulation runs on the main actor (its coordinators do, as an app's).
enum MainActorRun {
    @MainActor
    static func run(_ settings: SimulationSettings, path: String) async throws -> (days: [SimulatedDay], problems: [String]) {
        let simulation = RetentionSimulation(settings: settings, path: path)
        let days = try await simulation.run { day in
            if day.day % 10 == 0 { print("  day \(day.day): \(day.fileBytes) bytes, \(day.events) events, cut \(day.cutPosition)") }
        }
        return (days, try await simulation.finalProblems())
    }
}
