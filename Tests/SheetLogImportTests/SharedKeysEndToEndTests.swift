import Foundation
import Synchronization
import PostgresNIO
import SheetLog
import SheetLogCore
import SheetLogDomain
import SheetLogPostgres
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// A sealed device shares its subjects' keys with the collector (`push --share-keys`): the fleet
/// tables hold no value and no raw key, a reveal shows the values, and erasing on the collector
/// (`sheetlog-server erase`) or on the device (its pushed `eraseSubject`) takes the collector's copy
/// away for good. Through `sheetlog` (in process), a collector process and PostgreSQL.
@Suite(.timeLimit(.minutes(5))) struct SharedKeysEndToEndTests {

    /// Two subjects' sessions: ada (s1) and bob (s2), each with values to look for.
    static let lines = """
        {"session":"s1","subject":"ada","type":"present","presentation":"p1","route":{"name":"newExpense"},"baseline":{"amount":"mk-ada-base-31"}}
        {"session":"s1","type":"edit","field":"note","value":"mk-ada-note-77"}
        {"session":"s2","subject":"bob","type":"present","presentation":"q1","route":{"name":"newExpense"}}
        {"session":"s2","type":"edit","field":"note","value":"mk-bob-note-52"}

        """

    struct Setup {
        let directory: TemporaryDirectory
        let fleet: FleetDatabase
        let collector: CollectorProcess
        let device: String
        let masterKey: String
        let tokenFile: String
        let revealer: String
        let publicKey: String

        init(collectorKey: Bool = true) async throws {
            directory = try TemporaryDirectory("shared-keys")
            masterKey = directory.path("master.key")
            #expect(try await InProcessCommand.run(.sheetlog, ["keygen", masterKey]).status == 0)
            let ingest = try await InProcessCommand.run(
                .sheetlog, ["--db", directory.path("device.sqlite"), "--key-file", masterKey, "ingest", "-"], input: Data(lines.utf8))
            #expect(ingest.status == 0, "\(ingest.stderr)")
            let keyFile = directory.path("collector.key")
            let made = try await InProcessCommand.run(.sheetlogServer, ["collector-key", keyFile])
            #expect(made.status == 0, "\(made.stderr)")
            publicKey = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            fleet = try await FleetDatabase.fresh()
            collector = try await CollectorProcess(fleet: fleet, extra: collectorKey ? ["--collector-key", keyFile] : [])
            device = "phone"
            tokenFile = directory.path("phone.token")
            try Data((try await collector.token(for: device) + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
            let tokens = try await PostgresTokenStore.open(url: fleet.url)
            defer { tokens.close() }
            revealer = try await tokens.add(.revealer("ines"))
        }

        var database: String { directory.path("device.sqlite") }

        func push(_ extra: [String] = ["--share-keys"]) async throws -> ProductBinary.Run {
            try await InProcessCommand.run(
                .sheetlog, ["--db", database, "--key-file", masterKey, "push", "--to", collector.url, "--device", device, "--token-file", tokenFile] + extra)
        }

        /// The session's replay as revealed to ines.
        func revealed(_ session: String) async throws -> String {
            let base = URL(string: collector.url)!
            let reveal = try await HTTP.request(
                base.appendingPathComponent("api/devices/\(device)/reveal").appending(queryItems: [.init(name: "session", value: session)]),
                method: "POST", bearer: revealer)
            #expect(reveal.status == 201, "\(String(decoding: reveal.body, as: UTF8.self))")
            let answer = try JSONSerialization.jsonObject(with: reveal.body) as? [String: Any]
            let path = try #require(answer?["replay"] as? String)
            let replay = try await HTTP.get(URL(string: collector.url + path)!, bearer: revealer)
            #expect(replay.status == 200, "\(replay.body)")
            return replay.body
        }

        /// The subjects' raw data keys, read from the device file with its master key.
        func rawKeys() async throws -> [String: [UInt8]] {
            var options = SheetLogDatabase.Options()
            options.keys = KeyFile(path: masterKey)
            let database = try SheetLogDatabase.openForReading(path: self.database, options: options)
            defer { try? database.close() }
            var keys: [String: [UInt8]] = [:]
            for subject in ["ada", "bob"] {
                if case .available(let key) = try database.backend.subjectKeys.key(for: subject) { keys[subject] = key.material }
            }
            return keys
        }

        func sharedKeyRows() async throws -> [String] {
            try await fleet.withConnection { connection in
                var subjects: [String] = []
                let rows = try await connection.query("SELECT subject FROM shared_keys ORDER BY subject", logger: FleetDatabase.logger)
                for try await subject in rows.decode(String.self) { subjects.append(subject) }
                return subjects
            }
        }

        /// The wrapped key the collector holds for `subject`, as stored.
        func sealedKey(of subject: String) async throws -> [UInt8]? {
            try await fleet.withConnection { connection in
                let rows = try await connection.query("SELECT sealed_key FROM shared_keys WHERE subject = \(subject)", logger: FleetDatabase.logger)
                for try await key in rows.decode(ByteBuffer.self) { return Array(buffer: key) }
                return nil
            }
        }

        /// The bytes of `table`'s file in the cluster's data directory (read after a CHECKPOINT).
        /// The sessions of the fleet's `recoverable_drafts` view and of the viewer's drafts API, for
        /// the device: what an operator's SQL and the viewer each offer.
        func draftSessions() async throws -> (view: [String], api: [String]) {
            let view = try await fleet.withConnection { connection in
                var sessions: [String] = []
                let rows = try await connection.query(
                    "SELECT session FROM recoverable_drafts WHERE device = \(device) ORDER BY session", logger: FleetDatabase.logger)
                for try await session in rows.decode(String.self) { sessions.append(session) }
                return sessions
            }
            let api = try await HTTP.get(URL(string: collector.url + "/api/devices/\(device)/drafts")!, bearer: revealer)
            let drafts = try #require(try JSONSerialization.jsonObject(with: Data(api.body.utf8)) as? [[String: Any]], "\(api.status)")
            return (view, drafts.compactMap { $0["session"] as? String }.sorted())
        }

        func relationFile(_ table: String) async throws -> Data {
            let path = try await fleet.withConnection { connection in
                try await connection.query("CHECKPOINT", logger: FleetDatabase.logger)
                let rows = try await connection.query(
                    "SELECT current_setting('data_directory') || '/' || pg_relation_filepath(\(table)::regclass)", logger: FleetDatabase.logger)
                for try await path in rows.decode(String.self) { return path }
                return ""
            }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }

        /// The statements that wait for a lock held by another backend (other than the operator's
        /// psql, unless `operator`), each as its backend and statement.
        func lockWaits(behindTheOperatorToo operator: Bool = false) async throws -> Set<String> {
            try await fleet.withConnection { connection in
                let rows = try await connection.query("""
                    SELECT a.pid::text || ': ' || a.query FROM pg_stat_activity a
                    WHERE a.datname = current_database() AND EXISTS (
                        SELECT 1 FROM unnest(pg_blocking_pids(a.pid)) AS blocker(pid)
                        WHERE \(`operator`) OR blocker.pid NOT IN (SELECT pid FROM pg_stat_activity WHERE application_name = 'operator'))
                    """, logger: FleetDatabase.logger)
                var waiting: Set<String> = []
                for try await statement in rows.decode(String.self) { waiting.insert(statement) }
                return waiting
            }
        }

        /// The statements waiting for a lock on `shared_keys`, each as its backend and start time.
        func waitingForTheKeysTable() async throws -> Set<String> {
            try await fleet.withConnection { connection in
                let rows = try await connection.query("""
                    SELECT a.pid::text || ' ' || a.query_start::text FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                    WHERE l.relation = 'shared_keys'::regclass AND NOT l.granted
                    """, logger: FleetDatabase.logger)
                var waiting: Set<String> = []
                for try await statement in rows.decode(String.self) { waiting.insert(statement) }
                return waiting
            }
        }

        func close() {
            _ = try? collector.stop()
        }
    }

    @Test func sharedKeysRevealValuesAndNeitherValuesNorRawKeysReachTheTables() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        let raw = try await setup.rawKeys()
        #expect(raw.count == 2)
        let push = try await setup.push()
        #expect(push.status == 0, "\(push.stderr)")
        #expect(push.stdout.contains("shared 2 subjects' keys with"), "\(push.stdout)")
        #expect(try await setup.sharedKeyRows() == ["ada", "bob"])

        let tables = try await SealedPushTests.everyRow(of: setup.fleet)
        for marker in ["mk-ada-base-31", "mk-ada-note-77", "mk-bob-note-52"] { #expect(!tables.contains(marker), "\(marker) in the fleet") }
        for (subject, key) in raw { #expect(!tables.contains(Checksum.hex(key)), "\(subject)'s raw key in the fleet's tables") }

        let masked = try await HTTP.get(URL(string: setup.collector.url + "/api/devices/phone/sessions/s1/replay")!, bearer: setup.revealer)
        #expect(masked.status == 200 && !masked.body.contains("mk-ada") && masked.body.contains(#""withheld" : true"#))
        let revealed = try await setup.revealed("s1")
        #expect(revealed.contains("mk-ada-base-31") && revealed.contains("mk-ada-note-77"), "\(revealed)")
        #expect(try await setup.revealed("s2").contains("mk-bob-note-52"))

        // Pushing again shares the same keys again (replacing them): still one row each.
        #expect(try await setup.push().status == 0)
        #expect(try await setup.sharedKeyRows() == ["ada", "bob"])
    }

    @Test func erasingOnTheCollectorOrOnTheDeviceTakesTheCollectorsCopyForGood() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        #expect(try await setup.push().status == 0)

        let offered = try await setup.draftSessions()
        #expect(offered.view == ["s1", "s2"] && offered.api == offered.view, "\(offered)")
        let wrapped = try await setup.sealedKey(of: "ada")
        let erase = ["erase", "--postgres", setup.fleet.url, "--subject", "ada", "--requested-by", "ticket 88"]
        let first = try await InProcessCommand.run(.sheetlogServer, erase)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "erased subject ada on every device on the collector: 1 shared key deleted; later shares of its key are refused\n")
        let again = try await InProcessCommand.run(.sheetlogServer, erase)
        #expect(again.status == 0 && again.stdout.hasPrefix("subject ada was erased on every device before, at "), "\(again.stdout)")
        #expect(again.stdout.hasSuffix(": nothing changed\n"))
        #expect(try await setup.sharedKeyRows() == ["bob"])
        // The erase rewrote the table into a new file: the deleted row's bytes are in neither.
        let key = Data(try #require(wrapped))
        let file = try await setup.relationFile("shared_keys")
        #expect(file.range(of: key) == nil, "the erased subject's wrapped key is still in the table's file")
        #expect(file.range(of: Data(try #require(try await setup.sealedKey(of: "bob")))) != nil, "the control: bob's row is in the file")
        let onOneDevice = try await InProcessCommand.run(.sheetlogServer, erase + ["--device", "phone"])
        #expect(onOneDevice.stdout.hasPrefix("subject ada was erased on every device before, at "), "the earlier erasure's scope: \(onOneDevice.stdout)")
        let ghost = try await InProcessCommand.run(.sheetlogServer, ["erase", "--postgres", setup.fleet.url, "--subject", "bob", "--device", "phnoe", "--requested-by", "ticket 89"])
        #expect(ghost.status == 1 && ghost.stderr.contains("no device phnoe in the fleet store"), "\(ghost.stderr)")
        #expect(try await setup.sharedKeyRows() == ["bob"], "a mistyped device erases nothing")
        let nobody = try await InProcessCommand.run(.sheetlogServer, ["erase", "--postgres", setup.fleet.url, "--subject", "bbo", "--requested-by", "ticket 90"])
        #expect(nobody.status == 1 && nobody.stderr.contains("no subject bbo on the collector"), "\(nobody.stderr)")
        let erasures = try await setup.fleet.withConnection { connection in
            let rows = try await connection.query("SELECT count(*)::int FROM subject_erasures WHERE subject = 'bbo'", logger: FleetDatabase.logger)
            for try await count in rows.decode(Int.self) { return count }
            return -1
        }
        #expect(erasures == 0, "a mistyped subject is recorded as erased")
        let afterCollectorErasure = try await setup.draftSessions()
        #expect(afterCollectorErasure.view == ["s2"] && afterCollectorErasure.api == ["s2"], "\(afterCollectorErasure)")
        let erasedSession = try await setup.revealed("s1")
        #expect(!erasedSession.contains("mk-ada") && erasedSession.contains(#""erased" : true"#), "\(erasedSession)")
        #expect(try await setup.revealed("s2").contains("mk-bob-note-52"), "another subject is untouched")

        // The device still holds ada's key: sharing it again is refused by the collector.
        let reshare = try await setup.push()
        #expect(reshare.status == 0, "\(reshare.stderr)")
        #expect(reshare.stderr.contains("subject ada is erased on the collector: its key was not shared"), "\(reshare.stderr)")
        #expect(try await setup.sharedKeyRows() == ["bob"])

        // bob erased on the device: the pushed eraseSubject deletes the collector's copy with it,
        // and its bytes leave the table's file too (the push's DELETE alone left them there).
        let bobsKey = Data(try #require(try await setup.sealedKey(of: "bob")))
        let deviceErase = try await InProcessCommand.run(
            .sheetlog, ["--db", setup.database, "--key-file", setup.masterKey, "erase", "--subject", "bob", "--requested-by", "test"])
        #expect(deviceErase.status == 0, "\(deviceErase.stderr)")
        #expect(try await setup.push(["--share-keys"]).status == 0)
        #expect(try await setup.sharedKeyRows() == [])
        #expect(try await setup.relationFile("shared_keys").range(of: bobsKey) == nil, "the pushed erasure left bob's key in the table's file")
        let afterDeviceErasure = try await setup.draftSessions()
        #expect(afterDeviceErasure.view == [] && afterDeviceErasure.api == [], "\(afterDeviceErasure)")
        let bob = try await setup.revealed("s2")
        #expect(!bob.contains("mk-bob") && bob.contains(#""erased" : true"#), "\(bob)")
    }

    /// An operator's psql left in an open transaction on the fleet store. `statements` run inside
    /// it; it is open (idle in transaction) when this returns, and ends with ``commit()``.
    final class OpenTransaction: Sendable {
        private let psql: Process
        private let input: Pipe
        private let fleet: FleetDatabase

        init(_ setup: Setup, _ statements: String) async throws {
            psql = Process()
            psql.executableURL = setup.fleet.cluster.psql
            psql.arguments = [setup.fleet.url, "-q", "-X", "-v", "ON_ERROR_STOP=1"]
            psql.environment = ProcessInfo.processInfo.environment.merging(["PGAPPNAME": "operator"]) { $1 }
            input = Pipe()
            psql.standardInput = input
            psql.standardOutput = FileHandle.nullDevice
            fleet = setup.fleet
            try psql.run()
            input.fileHandleForWriting.write(Data("BEGIN;\n\(statements)\n".utf8))
            // Bounded for a hang: psql starts in milliseconds, in seconds on a loaded machine.
            let deadline = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < deadline {
                if try await isOpen() { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("psql's transaction did not open within 120 s")
        }

        /// Whether psql's transaction is open and idle (its statements done, no COMMIT yet).
        func isOpen() async throws -> Bool {
            try await fleet.withConnection { connection in
                let rows = try await connection.query("""
                    SELECT count(*)::int FROM pg_stat_activity
                    WHERE datname = current_database() AND application_name = 'operator' AND state = 'idle in transaction'
                    """, logger: FleetDatabase.logger)
                for try await count in rows.decode(Int.self) { return count == 1 }
                return false
            }
        }

        func commit() {
            input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
            try? input.fileHandleForWriting.close()
            // Bounded, as every wait for a child: a psql that never ends fails the test, not the suite.
            if !psql.waitForExit(timeout: .seconds(60)) { Issue.record("psql still ran 60 s after COMMIT and the end of its input") }
        }
    }

    /// A write transaction left open elsewhere in the fleet store (an xid, no snapshot: it holds
    /// VACUUM's horizon, so `VACUUM FULL` copied the deleted row into the new file, or waited 5 s
    /// and warned): the erase neither waits for it nor leaves the key in the table's file.
    @Test func anOpenTransactionElsewhereDoesNotKeepTheErasedKeyInTheTablesFile() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        #expect(try await setup.push().status == 0)
        let key = Data(try #require(try await setup.sealedKey(of: "ada")))
        let operatorsPsql = try await OpenTransaction(setup, "SELECT txid_current();")
        defer { operatorsPsql.commit() }

        // Ending while psql's transaction is still open (it commits only when the test ends) is the
        // proof that the erase did not wait for it; VACUUM FULL's wait ended in a warning on stderr.
        let result = try await InProcessCommand.run(.sheetlogServer, ["erase", "--postgres", setup.fleet.url, "--subject", "ada", "--requested-by", "ticket 91"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("erased subject ada on every device on the collector: 1 shared key deleted"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(try await operatorsPsql.isOpen(), "psql's transaction ended before the erase did")
        let file = try await setup.relationFile("shared_keys")
        #expect(file.range(of: key) == nil, "the erased subject's wrapped key is in the table's file while psql's transaction is open")
        #expect(file.range(of: Data(try #require(try await setup.sealedKey(of: "bob")))) != nil, "the control: bob's row is in the file")
    }

    /// A transaction that read `shared_keys` and stays open holds the table: the erase waits for it
    /// (at most its lock timeout, then gives up having changed nothing), and erases once it ended.
    @Test func anOpenTransactionThatReadTheKeysMakesTheEraseWaitOrGiveUpChangingNothing() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        #expect(try await setup.push().status == 0)
        let key = Data(try #require(try await setup.sealedKey(of: "ada")))
        let operatorsPsql = try await OpenTransaction(setup, "SELECT count(*) FROM shared_keys;")

        let reader = try await PostgresFleetReader.open(url: setup.fleet.url)
        defer { reader.close() }
        do {
            _ = try await PostgresSharedKeys.on(reader).erase(subject: "ada", device: nil, requestedBy: "ticket 92", lockTimeout: .milliseconds(300))
            Issue.record("the erase did not give up while psql held the table")
        } catch let error as SheetLogError {
            #expect(error.code == .busy)
            #expect(error.message.contains("held shared_keys for more than") && error.message.contains("nothing was erased"), "\(error.message)")
        }
        #expect(try await setup.sharedKeyRows() == ["ada", "bob"], "the refused erase deleted a key")
        let erasures = try await setup.fleet.withConnection { connection in
            let rows = try await connection.query("SELECT count(*)::int FROM subject_erasures", logger: FleetDatabase.logger)
            for try await count in rows.decode(Int.self) { return count }
            return -1
        }
        #expect(erasures == 0, "the refused erase recorded an erasure")

        let finished = Mutex(false)
        let erasing = Task {
            defer { finished.withLock { $0 = true } }
            return try await InProcessCommand.run(.sheetlogServer, ["erase", "--postgres", setup.fleet.url, "--subject", "ada", "--requested-by", "ticket 92"])
        }
        // The erase's statement waiting for the table (a hang's bound), and the erase not ended.
        let deadline = ContinuousClock.now + .seconds(120)
        while try await setup.waitingForTheKeysTable().isEmpty && !finished.withLock({ $0 }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try await setup.waitingForTheKeysTable().count == 1, "the erase did not wait for psql's transaction")
        #expect(!finished.withLock { $0 }, "the erase rewrote the table while psql's transaction held it")
        operatorsPsql.commit()
        let result = try await erasing.value
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await setup.sharedKeyRows() == ["bob"])
        #expect(try await setup.relationFile("shared_keys").range(of: key) == nil, "the erased subject's wrapped key is in the table's file")
    }

    /// A pushed erasure waits for a transaction that holds `shared_keys` before it takes the
    /// device's lock: another device's push goes through meanwhile. (It once took the table after
    /// the fleet-wide append lock, since removed, so every device's appends waited with it, up to 10 s.)
    @Test func aPushedErasureWaitingForTheKeysTableHoldsNoOtherDeviceBack() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        #expect(try await setup.push().status == 0)
        let deviceErase = try await InProcessCommand.run(
            .sheetlog, ["--db", setup.database, "--key-file", setup.masterKey, "erase", "--subject", "bob", "--requested-by", "test"])
        #expect(deviceErase.status == 0, "\(deviceErase.stderr)")
        let tablet = setup.directory.path("tablet.sqlite"), tabletToken = setup.directory.path("tablet.token")
        let ingest = try await InProcessCommand.run(
            .sheetlog, ["--db", tablet, "--key-file", setup.masterKey, "ingest", "-"], input: Data(Self.lines.utf8))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        try Data((try await setup.collector.token(for: "tablet") + "\n").utf8).write(to: URL(fileURLWithPath: tabletToken))

        let operatorsPsql = try await OpenTransaction(setup, "SELECT count(*) FROM shared_keys;")
        let phone = Task { try await setup.push([]) }
        // The phone's erasure waiting for the table (psql holds it).
        let deadline = ContinuousClock.now + .seconds(120)  // a hang's bound
        while try await setup.waitingForTheKeysTable().isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(try await setup.waitingForTheKeysTable().count == 1, "the phone's erasure never waited for shared_keys")
        #expect(try await setup.lockWaits(behindTheOperatorToo: true).count == 1, "the control: the phone's wait on psql is seen")
        // While the tablet pushes, no statement ever waits for one that is not psql's: waiting
        // behind the phone's erasure (as behind the fleet-wide lock it once held) would show as a
        // wait on the phone's backend, however fast or slow the machine.
        let pushed = Mutex(false)
        let pushing = Task {
            defer { pushed.withLock { $0 = true } }
            return try await InProcessCommand.run(
                .sheetlog, ["--db", tablet, "--key-file", setup.masterKey, "push", "--to", setup.collector.url, "--device", "tablet",
                            "--token-file", tabletToken])
        }
        var behindOthers: Set<String> = []
        var polls = 0
        repeat {
            behindOthers.formUnion(try await setup.lockWaits())
            polls += 1
            try await Task.sleep(for: .milliseconds(10))
        } while !pushed.withLock({ $0 })
        let tabletPush = try await pushing.value
        #expect(tabletPush.status == 0, "\(tabletPush.stderr)")
        #expect(polls >= 1)
        #expect(behindOthers.isEmpty, "statements waited behind the phone's erasure during the tablet's push: \(behindOthers)")
        operatorsPsql.commit()
        let phonePush = try await phone.value
        #expect(phonePush.status == 0, "\(phonePush.stderr)")
        #expect(try await setup.sharedKeyRows() == ["ada"])
    }

    /// Two pushes of one device at once (a retry started before the first ended): both succeed,
    /// every event is stored once, each subject's key once, and the reveal opens the values.
    @Test func twoSharingPushesOfOneDeviceAtOnceStoreEachKeyOnce() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        async let first = setup.push()
        async let second = setup.push()
        let (one, two) = try await (first, second)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(two.status == 0, "\(two.stderr)")
        #expect(try await setup.sharedKeyRows() == ["ada", "bob"])
        let stored = try await setup.fleet.rows(device: setup.device)
        #expect(stored.count == 4 && Set(stored.map(\.position)).count == 4, "each event once: \(stored.count)")
        #expect(try await setup.revealed("s1").contains("mk-ada-note-77"))
        #expect(try await setup.revealed("s2").contains("mk-bob-note-52"))
    }

    @Test func keysTheCollectorCannotOpenAreRefusedAndNeverBreakAReveal() async throws {
        let setup = try await Setup()
        defer { setup.close() }
        let stranger = CollectorKey.generate().publicKey.description
        let pinned = try await setup.push(["--share-keys", "--collector-key", stranger])
        #expect(pinned.status == 1, "\(pinned.stdout)")
        #expect(pinned.stderr.contains("does not open with this collector's key"), "\(pinned.stderr)")
        #expect(try await setup.sharedKeyRows() == [], "nothing of the request is stored")

        // A row the collector cannot open (a key pair replaced since) reads as sealed, never a 500.
        try await setup.fleet.withConnection { connection in
            let garbage = ByteBuffer(bytes: [UInt8](repeating: 7, count: 60))
            let ephemeral = ByteBuffer(bytes: CollectorKey.generate().publicKey.bytes)
            try await connection.query(
                "INSERT INTO shared_keys VALUES ('phone', 'ada', \(ephemeral), \(garbage), 0)", logger: FleetDatabase.logger)
        }
        #expect(try await setup.push([]).status == 0, "the events, without sharing")
        let revealed = try await setup.revealed("s1")
        #expect(revealed.contains(#""withheld" : true"#) && !revealed.contains("mk-ada"), "\(revealed)")
    }

    @Test func sharingIsRefusedClearlyWithoutACollectorKeyOrWithAPlainDatabase() async throws {
        let setup = try await Setup(collectorKey: false)
        defer { setup.close() }
        let refused = try await setup.push()
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("this collector takes no shared keys: it was started without --collector-key"), "\(refused.stderr)")
        // The events were pushed all the same: sharing comes once every event is sent.
        #expect(try await setup.fleet.count("SELECT count(*) FROM events WHERE device = $1", device: "phone") == 4)

        let plain = setup.directory.path("plain.sqlite")
        let ingest = try await InProcessCommand.run(.sheetlog, ["--db", plain, "ingest", "-"], input: Data(Self.lines.utf8))
        #expect(ingest.status == 0)
        let plainPush = try await InProcessCommand.run(
            .sheetlog, ["--db", plain, "push", "--to", setup.collector.url, "--device", "phone", "--token-file", setup.tokenFile, "--share-keys"])
        #expect(plainPush.status == 1 && plainPush.stderr.contains("holds a plain log: its values reach the collector as typed"), "\(plainPush.stderr)")

        let pinned = try await setup.push(["--share-keys", "--collector-key", "zz"])
        #expect(pinned.status == 2 && pinned.stderr.contains("--collector-key must be 64 hex digits"), "\(pinned.stderr)")
    }
}
