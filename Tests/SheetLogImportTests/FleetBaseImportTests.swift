import Foundation
import GRDB
import PostgresNIO
import SheetLog
import SheetLogCore
import SheetLogPostgres
import SheetLogTestSupport
import Testing

/// A pruned device file imported into a fleet that has never seen the device (issue 37 item 7): the
/// device starts at the file's base, recorded as such in `device_bases`, and the fleet then answers
/// `recover`, `replay`, `audit` and `verify` as the file does — before and after the file grows
/// past the import. Real PostgreSQL, both CLIs parsed and run in process.
@Suite struct FleetBaseImportTests {
    static let day = PrunedPushTests.day

    /// A device file pruned 30 days after its first day: finished sessions a, b and a discarded draft
    /// (gone whole), an open draft and a swipe blocked by the alert (carried across the cut), then
    /// session c recorded after the prune.
    static func prunedFile(_ options: (ManualClock) -> SheetLogDatabase.Options = PrunedPushTests.options) async throws
        -> (file: DeviceFile, clock: ManualClock, report: PruneReport)
    {
        let file = try DeviceFile.unwritten()
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: file.path, options: options(clock))
        defer { try? database.close() }
        try await PrunedPushTests.finished(["a", "b"], in: database)
        try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: "discarded")
        try await database.record(.edit(field: "amount", value: "4.20"), in: "discarded")
        try await database.record(.attemptDismiss(source: .swipe), in: "discarded")
        try await database.record(.confirmDiscard(), in: "discarded")
        try await database.record(.endSession, in: "discarded")
        try await database.record(.present(presentation: "expense", route: Route(name: "newExpense"), baseline: ["payee": "Cafe"]), in: "draft")
        try await database.record(.edit(field: "amount", value: "12.50"), in: "draft")
        try await database.record(.present(presentation: "trip", route: Route(name: "editTrip")), in: "alert")
        try await database.record(.edit(field: "city", value: "Lyon"), in: "alert")
        try await database.record(.attemptDismiss(source: .swipe), in: "alert")
        clock.advance(by: 30 * day)
        let report = try await database.prune(before: PrunedPushTests.cutoff(clock))
        try await PrunedPushTests.finished(["c"], in: database)
        return (file, clock, report)
    }

    /// Commands on the carried sessions and a new one, recorded after the first import.
    static func grow(_ file: DeviceFile, _ clock: ManualClock) async throws {
        let database = try SheetLogDatabase.open(path: file.path, options: PrunedPushTests.options(clock))
        defer { try? database.close() }
        clock.advance(by: day)
        try await database.record(.edit(field: "amount", value: "13.00"), in: "draft")
        try await database.record(.confirmDiscard(), in: "alert")
        try await database.record(.endSession, in: "alert")
        try await PrunedPushTests.finished(["d"], in: database)
    }

    static func importFile(_ file: DeviceFile, as device: String, into fleet: FleetDatabase) async throws -> ProductBinary.Run {
        try await InProcessCommand.run(.sheetlogServer, ["import", "--postgres", fleet.url, "--device", device, file.path])
    }

    /// `sheetlog ARGS --db FILE` and `sheetlog-server ARGS --postgres URL --device D`, compared as
    /// `SameAnswersTests` does (the fleet's objects carry the device).
    static func expectSameAnswers(_ file: DeviceFile, _ fleet: FleetDatabase, device: String, _ arguments: [String]) async throws {
        let alone = try await InProcessCommand.run(.sheetlog, arguments + ["--db", file.path])
        let served = try await InProcessCommand.run(.sheetlogServer, arguments + ["--postgres", fleet.url, "--device", device])
        #expect(alone.status == 0 && served.status == 0, "\(arguments): \(alone.stderr) | \(served.stderr)")
        #expect(try SameAnswersTests.same(served.stdout, alone.stdout, device: device), "\(arguments)\nfile:  \(alone.stdout)\nfleet: \(served.stdout)")
    }

    static func expectVerified(_ fleet: FleetDatabase, device: String) async throws {
        let verify = try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url, "--device", device, "--json"])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }

    @Test(.timeLimit(.minutes(5)))
    func aDeviceNewToTheFleetStartsAtItsBaseAndAnswersAsItsFile() async throws {
        let (file, clock, report) = try await Self.prunedFile()
        defer { file.remove() }
        #expect(report.carriedSessions == 2, "the control: the draft and the alert are carried")
        let fleet = try await FleetDatabase.fresh()

        let run = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(run.status == 0, "\(run.stderr)")
        let kept = try file.rows()
        #expect(run.stdout.contains("imported \(kept.count) events of device phone"), "\(run.stdout)")
        #expect(run.stdout.contains("new to the fleet, it starts at its base: pruned through position \(report.cutPosition)"), "\(run.stdout)")
        #expect(try await fleet.rows(device: "phone") == kept, "the kept events, each once")
        #expect(try await fleet.count("SELECT cut_position FROM device_bases WHERE device = $1 AND started_by = 'import'", device: "phone")
                == report.cutPosition)
        #expect(try await fleet.count("SELECT count(*) FROM device_base_sessions WHERE device = $1", device: "phone") == 2)
        let chain = try await fleet.withConnection { connection in
            var chain: [UInt8] = []
            let rows = try await connection.query("SELECT chain FROM device_bases WHERE device = 'phone'", logger: FleetDatabase.logger)
            for try await (bytes) in rows.decode(Data.self) { chain = [UInt8](bytes) }
            return chain
        }
        #expect(chain == (try await Self.logBase(of: file)?.chain), "the fleet links the first kept event to the file's base")

        for arguments in [["recover", "--json"], ["audit", "--json"], ["replay", "c", "--json"]] {
            try await Self.expectSameAnswers(file, fleet, device: "phone", arguments)
        }
        // Stats say where the kept log begins and what was pruned, as the file's (its sizes are the store's own).
        let stats = try await InProcessCommand.run(.sheetlogServer, ["stats", "--json", "--postgres", fleet.url, "--device", "phone"])
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats.stderr)")
        #expect(counts["keptLogBegins"] as? Int64 == report.cutPosition + 1 && counts["prunedEvents"] as? Int64 == report.removedEvents,
                "\(stats.stdout)")
        #expect(counts["recoverableDrafts"] as? Int == 2 && counts["events"] as? Int == kept.count, "\(stats.stdout)")
        // A carried session with no kept event yet: both refuse its replay alike, naming the prune.
        let alone = try await InProcessCommand.run(.sheetlog, ["replay", "draft", "--db", file.path])
        let served = try await InProcessCommand.run(.sheetlogServer, ["replay", "draft", "--postgres", fleet.url, "--device", "phone"])
        #expect(alone.status == 1 && served.status == 1, "\(alone.stderr) | \(served.stderr)")
        #expect(alone.stderr.dropFirst("sheetlog".count) == served.stderr.dropFirst("sheetlog-server".count), "\(alone.stderr) | \(served.stderr)")
        #expect(served.stderr.contains("carried it at version 2"), "\(served.stderr)")
        try await Self.expectVerified(fleet, device: "phone")

        // The same file again stores nothing and starts nothing again.
        let rerun = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(rerun.status == 0 && rerun.stdout.hasPrefix("imported 0 events"), "\(rerun.stdout)\(rerun.stderr)")
        #expect(!rerun.stdout.contains("new to the fleet"), "\(rerun.stdout)")

        // The file grows: the carried draft is edited, the alert answered; the import continues.
        try await Self.grow(file, clock)
        let grown = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(grown.status == 0, "\(grown.stderr)")
        #expect(try await fleet.rows(device: "phone") == (try file.rows()))
        for arguments in [["recover", "--json"], ["audit", "--json"], ["replay", "draft", "--json"], ["replay", "alert", "--json"],
                          ["audit", "--resolution", "discarded", "--json"]] {
            try await Self.expectSameAnswers(file, fleet, device: "phone", arguments)
        }
        try await Self.expectVerified(fleet, device: "phone")
        let recovered = try await InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url, "--device", "phone", "--json"])
        #expect(recovered.stdout.contains("13.00") && recovered.stdout.contains("Cafe"), "the carried draft with every value: \(recovered.stdout)")
    }

    /// What the facade records into a device's log in the fleet continues a carried session from
    /// its carried state and version, as the device itself would have.
    @Test(.timeLimit(.minutes(5)))
    func aCommandRecordedInTheFleetContinuesACarriedSession() async throws {
        let (file, clock, _) = try await Self.prunedFile()
        defer { file.remove() }
        let fleet = try await FleetDatabase.fresh()
        #expect(try await Self.importFile(file, as: "phone", into: fleet).status == 0)
        let backend = try await PostgresBackend.open(url: fleet.url, device: "phone", clock: clock)
        let database = SheetLogDatabase(backend: backend, options: PrunedPushTests.options(clock), path: nil)
        defer { try? database.close() }

        let edited = try await database.record(.edit(field: "amount", value: "14.00"), in: "draft")
        #expect(edited.events.map(\.version) == [3], "the draft was carried at version 2")
        let answered = try await database.record(.keepEditing(), in: "alert")
        #expect(answered.events.map(\.type) == ["keepEditing"], "the alert carried across the cut is still up")
        let drafts = try await database.recoverableDrafts()
        #expect(drafts.first { $0.session == "draft" }?.values == ["payee": "Cafe", "amount": "14.00"], "\(drafts)")
        let audit = try await database.audit()
        #expect(audit.first { $0.session == "alert" }?.resolution == .keptEditing, "\(audit)")
        let report = try await database.verify()
        let failed = report.checks.filter { !$0.passed }.map(\.detail)
        #expect(failed.isEmpty, "\(failed)")
    }

    static func logBase(of file: DeviceFile) async throws -> LogBase? {
        let database = try SheetLogDatabase.openForReading(path: file.path)
        defer { try? database.close() }
        return try await database.logBase()
    }

    @Test(.timeLimit(.minutes(5)))
    func aDeviceTheFleetHoldsShortOfTheCutIsRefusedNamingTheBase() async throws {
        let file = try DeviceFile.unwritten()
        defer { file.remove() }
        let clock = ManualClock()
        let fleet = try await FleetDatabase.fresh()
        do {
            let database = try SheetLogDatabase.open(path: file.path, options: PrunedPushTests.options(clock))
            defer { try? database.close() }
            try await PrunedPushTests.finished(["a"], in: database)
        }
        #expect(try await Self.importFile(file, as: "phone", into: fleet).status == 0)
        let stored = try await fleet.rows(device: "phone")
        _ = try await PrunedImportTests.prune(file, clock, thenRecord: ["b"])
        // Pruned again after more sessions: the fleet holds positions 1-4 of a cut at 8.
        do {
            let database = try SheetLogDatabase.open(path: file.path, options: PrunedPushTests.options(clock))
            defer { try? database.close() }
            try await PrunedPushTests.finished(["c"], in: database)
            clock.advance(by: 30 * Self.day)
            _ = try await database.prune(before: PrunedPushTests.cutoff(clock))
        }
        let cut = try #require(try await Self.logBase(of: file)).cutPosition
        let run = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("pruned through position \(cut)"), "\(run.stderr)")
        #expect(run.stderr.contains("the fleet holds device phone only through position 4: positions 5-\(cut) are in neither"), "\(run.stderr)")
        #expect(try await fleet.rows(device: "phone") == stored, "nothing was imported")
        #expect(try await fleet.count("SELECT count(*) FROM device_bases WHERE device = $1", device: "phone") == 0, "no base recorded")
    }

    @Test(.timeLimit(.minutes(5)))
    func anotherBaseForADeviceThatStartedAtOneIsRefused() async throws {
        let (file, _, report) = try await Self.prunedFile()
        defer { file.remove() }
        let (other, _, _) = try await Self.prunedFile()
        defer { other.remove() }
        let fleet = try await FleetDatabase.fresh()
        #expect(try await Self.importFile(file, as: "phone", into: fleet).status == 0)
        let stored = try await fleet.rows(device: "phone")

        // Another install's file (its own ids and chain), cut at the same position, named as this device.
        let run = try await Self.importFile(other, as: "phone", into: fleet)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("differs from the one stored for device phone at position \(report.cutPosition)"), "\(run.stderr)")
        #expect(try await fleet.rows(device: "phone") == stored, "nothing was imported")
        #expect(try await fleet.count("SELECT count(*) FROM device_bases", device: "") == 1)
    }

    @Test(.timeLimit(.minutes(5)))
    func twoImportsOfOneNewDeviceAtOnceStartItOnce() async throws {
        let (file, _, _) = try await Self.prunedFile()
        defer { file.remove() }
        let fleet = try await FleetDatabase.fresh()
        async let first = Self.importFile(file, as: "phone", into: fleet)
        async let second = Self.importFile(file, as: "phone", into: fleet)
        let runs = try await [first, second]
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
        #expect(runs.filter { $0.stdout.contains("new to the fleet") }.count == 1, "\(runs.map(\.stdout))")
        #expect(try await fleet.rows(device: "phone") == (try file.rows()))
        #expect(try await fleet.count("SELECT count(*) FROM device_bases WHERE device = $1", device: "phone") == 1)
        try await Self.expectVerified(fleet, device: "phone")
    }

    /// Two copies of one device's file pruned at different cuts, both holding every event past the
    /// later cut, imported at once into a fleet new to the device: the later one waits for the
    /// earlier one's events instead of finding its base alone (found by an adversary: the later cut
    /// was refused, "holds only through position 8", in 5 of 16 runs).
    @Test(.timeLimit(.minutes(5)))
    func twoImportsOfDifferentlyPrunedCopiesAtOnceBothSucceed() async throws {
        let (early, clock, report) = try await Self.prunedFile()
        defer { early.remove() }
        do {
            // Kept events enough that an import's check of them (before its first batch) takes a while.
            let database = try SheetLogDatabase.open(path: early.path, options: PrunedPushTests.options(clock))
            defer { try? database.close() }
            try await PrunedPushTests.finished((0..<250).map { "kept-\($0)" }, in: database)
        }
        let late = try early.copy()
        defer { late.remove() }
        do {
            let database = try SheetLogDatabase.open(path: late.path, options: PrunedPushTests.options(clock))
            defer { try? database.close() }
            clock.advance(by: 30 * Self.day)
            let later = try await database.prune(before: PrunedPushTests.cutoff(clock))
            #expect(later.cutPosition > report.cutPosition, "the control: \(later) after \(report)")
        }
        for round in 0..<3 {
            let fleet = try await FleetDatabase.fresh()
            async let first = Self.importFile(early, as: "phone", into: fleet)
            // The second starts once the first has begun the device at its base, its events still to
            // come (it checks them all before its first batch); until the first migrates the fleet's
            // database, the table is not there.
            while (try? await fleet.count("SELECT count(*) FROM device_bases WHERE device = $1", device: "phone")) ?? 0 == 0 {
                try await Task.sleep(for: .milliseconds(1))
            }
            let second = try await Self.importFile(late, as: "phone", into: fleet)
            let runs = [try await first, second]
            #expect(runs.allSatisfy { $0.status == 0 }, "round \(round): \(runs.map(\.stderr))")
            #expect(runs[0].stdout.contains("new to the fleet") && !runs[1].stdout.contains("new to the fleet"), "\(runs.map(\.stdout))")
            #expect(try await fleet.rows(device: "phone") == (try early.rows()), "every kept event of the early copy, once")
            #expect(try await fleet.count("SELECT count(*) FROM device_bases WHERE device = $1", device: "phone") == 1)
            try await Self.expectVerified(fleet, device: "phone")
        }
    }

    /// The fleet's verify asks of a carried row what the device's asks of base_sessions: that it names
    /// the session and version its state holds, also where no kept event follows the cut.
    @Test(.timeLimit(.minutes(5)))
    func theFleetsVerifySeesACarriedRowEdited() async throws {
        let (file, _, _) = try await Self.prunedFile()
        defer { file.remove() }
        let fleet = try await FleetDatabase.fresh()
        #expect(try await Self.importFile(file, as: "phone", into: fleet).status == 0)
        try await Self.expectVerified(fleet, device: "phone")
        _ = try await fleet.cluster.psql("""
            ALTER TABLE device_base_sessions DISABLE TRIGGER device_base_sessions_refuse_update;
            UPDATE device_base_sessions SET version = 1 WHERE device = 'phone' AND session = 'draft';
            ALTER TABLE device_base_sessions ENABLE TRIGGER device_base_sessions_refuse_update;
            """, database: fleet.name)
        let verify = try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url, "--device", "phone", "--json"])
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        let checks = try #require((try JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [String: Any])?["checks"] as? [[String: Any]])
        let versions = checks.first { $0["name"] as? String == "versions" }
        #expect(versions?["passed"] as? Bool == false && (versions?["detail"] as? String)?.contains("session draft at version 1") == true,
                "\(verify.stdout)")
    }

    @Test(.timeLimit(.minutes(5)))
    func aSealedDevicesBaseReachesTheFleetWithoutAValueAndItsErasureHolds() async throws {
        let key = MasterKey.generate()
        let sealed: (ManualClock) -> SheetLogDatabase.Options = { clock in
            var options = PrunedPushTests.options(clock)
            options.keys = key
            options.defaultSubject = "default"
            return options
        }
        let file = try DeviceFile.unwritten()
        defer { file.remove() }
        let clock = ManualClock()
        do {
            let database = try SheetLogDatabase.open(path: file.path, options: sealed(clock))
            defer { try? database.close() }
            try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: "g", subject: "gone")
            try await database.record(.edit(field: "amount", value: "mk-gone-71f3"), in: "g")
            try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: "k", subject: "kept")
            try await database.record(.edit(field: "amount", value: "mk-kept-2a9c"), in: "k")
            _ = try await database.erase(subject: "gone", requestedBy: "ticket 1")
            clock.advance(by: 30 * Self.day)
            let report = try await database.prune(before: PrunedPushTests.cutoff(clock))
            #expect(report.carriedSessions == 1, "the control: the kept subject's draft is carried")
            try await database.record(.edit(field: "amount", value: "mk-later-55d0"), in: "k")
        }
        let fleet = try await FleetDatabase.fresh()
        let run = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("new to the fleet"), "\(run.stdout)")
        #expect(try await fleet.count("SELECT count(*) FROM device_base_erasures WHERE device = $1 AND subject = 'gone'", device: "phone") == 1)

        // No typed value anywhere in the fleet's database.
        let dump = try await fleet.cluster.psql(
            "SELECT string_agg(t::text, ' ') FROM (SELECT d::text AS t FROM device_base_sessions d UNION ALL SELECT p::text FROM presentations p UNION ALL SELECT e::text FROM events e) x",
            database: fleet.name)
        #expect(dump.contains("\"k\"") || dump.contains("k"), "the control: rows were dumped")
        for marker in ["mk-gone-71f3", "mk-kept-2a9c", "mk-later-55d0"] { #expect(!dump.contains(marker), "\(marker) reached the fleet") }

        // The fleet answers structure as the file does: the draft is dirty and recoverable, its values withheld.
        let recovered = try await InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url, "--device", "phone", "--json"])
        #expect(recovered.status == 0 && recovered.stdout.contains("\"k\""), "\(recovered.stdout)\(recovered.stderr)")
        try await Self.expectVerified(fleet, device: "phone")

        // The subject erased in the pruned part stays erased on the collector: its key is refused, the other's stored.
        let reader = try await PostgresFleetReader.open(url: fleet.url)
        defer { reader.close() }
        let keys = PostgresSharedKeys.on(reader)
        let collector = CollectorKey.generate()
        let outcome = try await keys.store(
            ["gone", "kept"].map { SharedSubjectKey.wrap(DataKey.random(), subject: $0, device: "phone", for: collector.publicKey) },
            device: "phone")
        #expect(outcome.erased == ["gone"] && outcome.stored == 1, "\(outcome)")
        #expect(try await keys.key(device: "phone", subject: "gone") == .erased)
    }

    /// The carried states are not under the file's chain: an edited or made-up one is refused
    /// before the device starts at it (found by an adversary: the fleet took them, then offered
    /// the made-up draft and called the device healthy).
    @Test(.timeLimit(.minutes(5)))
    func aBaseEditedInTheFileIsRefused() async throws {
        let edits: [(String, String)] = [
            ("a made-up carried draft", """
                INSERT INTO base_sessions SELECT 'zzz', cut_position, version,
                    replace(replace(snapshot, '"session":"draft"', '"session":"zzz"'), '12.50', '6666') FROM base_sessions WHERE session = 'draft'
                """),
            // The file's own triggers refuse these: an adversary drops them first.
            ("a carried value changed", """
                DROP TRIGGER base_sessions_refuse_update;
                UPDATE base_sessions SET snapshot = replace(snapshot, 'Cafe', 'Bistro') WHERE session = 'draft'
                """),
            ("a carried session deleted", "DROP TRIGGER base_sessions_refuse_delete; DELETE FROM base_sessions WHERE session = 'alert'"),
            // Rebuilt so that the read models agree (as `sheetlog rebuild` would): the dropped guard still tells.
            ("a carried session deleted, the read models rebuilt after", """
                DROP TRIGGER base_sessions_refuse_delete; DELETE FROM base_sessions WHERE session = 'draft';
                DELETE FROM presentations WHERE session = 'draft'; DELETE FROM sessions WHERE session = 'draft'
                """),
        ]
        for (name, sql) in edits {
            let (file, clock, _) = try await Self.prunedFile()
            defer { file.remove() }
            try await Self.grow(file, clock)
            try await DatabaseQueue(path: file.path).write { db in try db.execute(sql: sql) }
            let fleet = try await FleetDatabase.fresh()
            let run = try await Self.importFile(file, as: "phone", into: fleet)
            #expect(run.status == 1, "\(name): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("the pruned file's base cannot start a device in the fleet"), "\(name): \(run.stderr)")
            #expect(try await fleet.count("SELECT count(*) FROM device_bases", device: "") == 0, "\(name)")
            #expect(try await fleet.rows(device: "phone").isEmpty, "\(name)")
        }
    }

    /// A sealed file read without its key cannot be rebuilt, but its kept events must still begin
    /// where its base leaves each session.
    @Test(.timeLimit(.minutes(5)))
    func aSealedBaseThatDoesNotMatchItsKeptEventsIsRefused() async throws {
        let key = MasterKey.generate()
        let (file, clock, _) = try await Self.prunedFile(Self.sealed(key))
        defer { file.remove() }
        let database = try SheetLogDatabase.open(path: file.path, options: Self.sealed(key)(clock))
        try await database.record(.confirmDiscard(), in: "alert")
        try database.close()
        // The guard dropped for the delete, then put back as it was: only the kept events still tell.
        try await DatabaseQueue(path: file.path).write { db in
            let trigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'base_sessions_refuse_delete'")!
            try db.execute(sql: "DROP TRIGGER base_sessions_refuse_delete; DELETE FROM base_sessions WHERE session = 'alert'")
            try db.execute(sql: trigger)
        }
        let fleet = try await FleetDatabase.fresh()
        let run = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("begins session alert at version 4") && run.stderr.contains("carries no state of it"), "\(run.stderr)")
        #expect(try await fleet.rows(device: "phone").isEmpty)
    }

    static func sealed(_ key: MasterKey) -> (ManualClock) -> SheetLogDatabase.Options {
        { clock in
            var options = PrunedPushTests.options(clock)
            options.keys = key
            options.defaultSubject = "default"
            return options
        }
    }

    /// A file pruned to its end (no kept event, drafts carried) is a device of the fleet all the same.
    @Test(.timeLimit(.minutes(5)))
    func aFilePrunedToItsEndStartsADeviceTheFleetLists() async throws {
        let (file, clock, _) = try await Self.prunedFile()
        defer { file.remove() }
        do {
            let database = try SheetLogDatabase.open(path: file.path, options: PrunedPushTests.options(clock))
            defer { try? database.close() }
            clock.advance(by: 30 * Self.day)
            let report = try await database.prune(before: PrunedPushTests.cutoff(clock))
            let last = try await database.lastPosition()
            #expect(report.carriedSessions == 2 && last == report.cutPosition, "\(report)")
        }
        #expect(try file.rows().isEmpty, "the control: no kept event")
        let fleet = try await FleetDatabase.fresh()
        let run = try await Self.importFile(file, as: "phone", into: fleet)
        #expect(run.status == 0 && run.stdout.contains("new to the fleet"), "\(run.stdout)\(run.stderr)")
        try await Self.expectSameAnswers(file, fleet, device: "phone", ["recover", "--json"])
        try await Self.expectVerified(fleet, device: "phone")
        // Both verifies say that no event is kept, not a range running backwards ("positions 9…8").
        for verify in [
            try await InProcessCommand.run(.sheetlog, ["verify", "--db", file.path]),
            try await InProcessCommand.run(.sheetlogServer, ["verify", "--postgres", fleet.url, "--device", "phone"]),
        ] {
            #expect(verify.status == 0 && verify.stdout.contains("no event kept"), "\(verify.stdout)\(verify.stderr)")
        }
        let everyDevice = try await InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url, "--json"])
        #expect(everyDevice.stdout.contains("\"phone\"") && everyDevice.stdout.contains("12.50"), "\(everyDevice.stdout)\(everyDevice.stderr)")
    }

    /// A sealed device's carried drafts read as withheld in the fleet (not as the typed-looking
    /// stand-in), and once their subject is erased on the device, neither side offers them; the
    /// fleet lists the device's erasures, the one its prune removed first, as the device does.
    @Test(.timeLimit(.minutes(5)))
    func aSealedDevicesCarriedDraftsAreWithheldThenGoneWithTheirSubject() async throws {
        let key = MasterKey.generate()
        let options = Self.sealed(key)
        let file = try DeviceFile.unwritten()
        defer { file.remove() }
        let clock = ManualClock()
        let database = try SheetLogDatabase.open(path: file.path, options: options(clock))
        defer { try? database.close() }
        try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: "g", subject: "gone")
        try await database.record(.edit(field: "amount", value: "1"), in: "g")
        try await database.record(.endSession, in: "g")
        _ = try await database.erase(subject: "gone", requestedBy: "ticket 1")
        try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: "u1", subject: "user")
        try await database.record(.edit(field: "amount", value: "mk-user-91d4"), in: "u1")
        try await database.record(.present(presentation: "p1", route: Route(name: "newExpense")), in: "u2", subject: "user")
        try await database.record(.edit(field: "note", value: "mk-user-0b7e"), in: "u2")
        clock.advance(by: 30 * Self.day)
        let report = try await database.prune(before: PrunedPushTests.cutoff(clock))
        #expect(report.carriedSessions == 2, "\(report)")
        let fleet = try await FleetDatabase.fresh()
        #expect(try await Self.importFile(file, as: "phone", into: fleet).status == 0)

        let carried = try await InProcessCommand.run(.sheetlogServer, ["recover", "--postgres", fleet.url, "--device", "phone", "--json"])
        #expect(carried.stdout.contains("\"u1\"") && carried.stdout.contains("\"withheld\""), "\(carried.stdout)")
        #expect(!carried.stdout.contains("[sealed]"), "a withheld value shown as typed text: \(carried.stdout)")

        let erased = try await database.erase(subject: "user", requestedBy: "ticket 2")
        #expect(erased.closedSessions == ["u1", "u2"], "the control: \(erased)")
        #expect(try await Self.importFile(file, as: "phone", into: fleet).status == 0)
        #expect(try await database.recoverableDrafts().isEmpty)
        try await Self.expectSameAnswers(file, fleet, device: "phone", ["recover", "--json"])
        let fleetDatabase = SheetLogDatabase(backend: try await PostgresBackend.open(url: fleet.url, device: "phone"), options: .init(), path: nil)
        defer { try? fleetDatabase.close() }
        #expect(try await fleetDatabase.recoverableDrafts().isEmpty)
        let onDevice = try await database.erasures().map { [$0.subject, "\($0.position ?? -1)", "\($0.sessions)", $0.closedSessions.joined(separator: ",")] }
        let onFleet = try await fleetDatabase.erasures().map { [$0.subject, "\($0.position ?? -1)", "\($0.sessions)", $0.closedSessions.joined(separator: ",")] }
        #expect(onDevice.count == 2 && onDevice.last == ["user", "\(erased.position ?? -1)", "2", "u1,u2"], "what the erasure did, carried sessions included: \(onDevice)")
        #expect(onFleet == onDevice)
    }
}
