import SheetLogCore
import SheetLogPostgres
import SheetLogPostgresTestSupport
import Testing

/// A fleet store that cannot be reached or refuses the connection is one clear line, never a hang,
/// and never shows the password.
@Suite struct ConnectionErrorTests {
    @Test func nothingListeningIsOneLineNamingWhere() async throws {
        let error = await #expect(throws: SheetLogError.self) {
            _ = try await PostgresEventStore.open(url: "postgres://sheetlog:s3cret-pw@127.0.0.1:1/fleet", device: "d")
        }
        #expect(error?.code == .connectionFailed)
        #expect(error?.message.contains("sheetlog@127.0.0.1:1/fleet") == true)
        #expect(error?.message.contains("s3cret-pw") == false)
        #expect(error?.message.contains("\n") == false)
    }

    @Test func anUnknownDatabaseOrRoleIsRefusedInOneLine() async throws {
        let cluster = try await PostgresCluster.shared()
        for url in [
            "postgres://sheetlog:s3cret-pw@127.0.0.1:\(cluster.port)/no_such_database",
            "postgres://nobody:s3cret-pw@127.0.0.1:\(cluster.port)/postgres",
        ] {
            let error = await #expect(throws: SheetLogError.self) {
                _ = try await PostgresEventStore.open(url: url, device: "d")
            }
            #expect(error?.code == .connectionFailed, "\(url)")
            #expect(error?.message.contains("SQLSTATE") == true)
            #expect(error?.message.contains("s3cret-pw") == false)
            #expect(error?.message.contains("\n") == false)
        }
    }

    @Test func aWrongPasswordIsRefusedInOneLineAndTheRightOneConnects() async throws {
        let cluster = try await PostgresCluster.shared()
        let (user, password) = cluster.passwordUser
        let error = await #expect(throws: SheetLogError.self) {
            _ = try await PostgresEventStore.open(url: "postgres://\(user):wrong-pw@127.0.0.1:\(cluster.port)/postgres", device: "d")
        }
        #expect(error?.code == .connectionFailed)
        #expect(error?.message.contains("password authentication failed for user \"\(user)\"") == true)
        #expect(error?.message.contains("\(user)@127.0.0.1:\(cluster.port)/postgres") == true)
        #expect(error?.message.contains("wrong-pw") == false)
        #expect(error?.message.contains("\n") == false)
        // The right password gets through authentication: what stops it then is its right to create tables.
        let database = try await cluster.createDatabase()
        try await cluster.psql("ALTER DATABASE \(database) OWNER TO \(user)")
        let store = try await PostgresEventStore.open(url: "postgres://\(user):\(password)@127.0.0.1:\(cluster.port)/\(database)", device: "d")
        store.close()
    }

    /// libpq's `connect_timeout` (whole seconds) is read; without it the bound leaves room for a
    /// busy server (a hundred devices connecting at once on a loaded machine exceeded 5 s).
    @Test func connectTimeoutIsReadFromTheURLAndTheStoreOpensWithIt() async throws {
        #expect(try PostgresLocation(url: "postgres://u@h/db").connectTimeout == PostgresLocation.defaultConnectTimeout)
        #expect(PostgresLocation.defaultConnectTimeout >= .seconds(30))
        let location = try PostgresLocation(url: "postgres://u@h/db?sslmode=disable&connect_timeout=7")
        #expect(location.connectTimeout == .seconds(7) && location.sslMode == "disable")
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()
        let store = try await PostgresEventStore.open(url: cluster.url(database: database) + "?connect_timeout=12", device: "d")
        store.close()
    }

    @Test(arguments: [
        "not a url", "mysql://u@h/db", "postgres://127.0.0.1:5432/", "postgres://u@h/db?sslmode=maybe",
        "postgres://u@h/db?connect_timeout=0", "postgres://u@h/db?connect_timeout=2.5", "postgres://u@h/db?connect_timeout",
        "postgres://u@h/db?timeout=3",
    ])
    func aMalformedURLIsInvalidInput(url: String) async throws {
        let error = await #expect(throws: SheetLogError.self) {
            _ = try await PostgresEventStore.open(url: url, device: "d")
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("\n") == false)
    }
}
