import Foundation
import SheetLogCore
import SheetLogPostgres
import SheetLogTestSupport
import Testing

/// `sheetlog-server device add|revoke` and `token add|revoke --read`, run as the binary runs it, on a real
/// PostgreSQL: a token is printed once and only its SHA-256 is stored; it lets in exactly its
/// subject until revoked; refusals are one line with the documented exit codes.
@Suite struct TokenCommandTests {

    @Test func aDeviceTokenIsPrintedOnceStoredAsItsHashAndRevoked() async throws {
        let fleet = try await FleetDatabase.fresh()
        let added = try await InProcessCommand.run(.sheetlogServer, ["device", "add", "ipad-7", "--postgres", fleet.url])
        #expect(added.status == 0, "\(added.stderr)")
        let token = added.stdout.trimmingCharacters(in: .newlines)
        #expect(token.wholeMatch(of: /sld_[0-9a-f]{64}/) != nil, "\(added.stdout)")
        #expect(added.stdout == token + "\n", "the token is the only line on stdout")
        #expect(added.stderr.contains("not shown again") && !added.stderr.contains(token))

        // The database holds the token's SHA-256, never the token (nor its 64 secret digits anywhere in a row).
        // PostgreSQL's own sha256(), not the code's.
        #expect(try await fleet.count(
            "SELECT count(*) FROM tokens WHERE sha256 = encode(sha256(convert_to($1, 'UTF8')), 'hex') AND kind = 'device' AND subject = 'ipad-7'",
            device: token) == 1)
        #expect(try await fleet.count("SELECT count(*) FROM tokens t WHERE position($1 IN row_to_json(t)::text) > 0", device: String(token.dropFirst(4))) == 0)

        let tokens = try await PostgresTokenStore.open(url: fleet.url)
        defer { tokens.close() }
        #expect(try await tokens.credential(of: token) == .device("ipad-7"))
        let second = try await tokens.add(.device("ipad-7"))
        #expect(second != token)
        #expect(try await tokens.credential(of: String(token.dropLast()) + (token.last == "0" ? "1" : "0")) == nil, "one digit off")
        #expect(try await tokens.credential(of: "slr_" + token.dropFirst(4)) == nil, "another kind's prefix")
        #expect(try await tokens.credential(of: "not a token") == nil)

        let revoked = try await InProcessCommand.run(.sheetlogServer, ["device", "revoke", "ipad-7", "--postgres", fleet.url])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stdout == "revoked 2 tokens of device ipad-7\n")
        #expect(try await tokens.credential(of: token) == nil)
        #expect(try await tokens.credential(of: second) == nil)

        let again = try await InProcessCommand.run(.sheetlogServer, ["device", "revoke", "ipad-7", "--postgres", fleet.url])
        #expect(again.status == 1)
        #expect(again.stderr == "sheetlog-server: device ipad-7 has no token to revoke\n", "\(again.stderr)")
    }

    @Test func aRevealingReaderTokenIsMadeWithRevealAndRevokedWithTheReadersOthers() async throws {
        let fleet = try await FleetDatabase.fresh()
        let plain = try await InProcessCommand.run(.sheetlogServer, ["token", "add", "--read", "ines", "--postgres", fleet.url])
        let revealing = try await InProcessCommand.run(.sheetlogServer, ["token", "add", "--read", "ines", "--reveal", "--postgres", fleet.url])
        #expect(revealing.status == 0 && revealing.stderr.contains("reader ines (may reveal values)"), "\(revealing.stderr)")
        let tokens = try await PostgresTokenStore.open(url: fleet.url)
        defer { tokens.close() }
        #expect(try await tokens.credential(of: plain.stdout.trimmingCharacters(in: .newlines)) == .reader("ines"))
        #expect(try await tokens.credential(of: revealing.stdout.trimmingCharacters(in: .newlines)) == .revealer("ines"))
        #expect(try await fleet.count("SELECT count(*) FROM tokens WHERE reveal AND subject = $1", device: "ines") == 1)
        let revoked = try await InProcessCommand.run(.sheetlogServer, ["token", "revoke", "--read", "ines", "--postgres", fleet.url])
        #expect(revoked.stdout == "revoked 2 tokens of reader ines\n", "\(revoked.stderr)")
        #expect(try await tokens.credential(of: revealing.stdout.trimmingCharacters(in: .newlines)) == nil)
    }

    @Test func aReaderTokenReadsAndIsNoDevicesToken() async throws {
        let fleet = try await FleetDatabase.fresh()
        let added = try await InProcessCommand.run(.sheetlogServer, ["token", "add", "--read", "support-ana", "--postgres", fleet.url])
        #expect(added.status == 0, "\(added.stderr)")
        let token = added.stdout.trimmingCharacters(in: .newlines)
        #expect(token.wholeMatch(of: /slr_[0-9a-f]{64}/) != nil, "\(added.stdout)")
        let tokens = try await PostgresTokenStore.open(url: fleet.url)
        defer { tokens.close() }
        #expect(try await tokens.credential(of: token) == .reader("support-ana"))
        #expect(try await tokens.revoke(.device("support-ana")) == 0, "a device of the same name holds no reader token")
        let revoked = try await InProcessCommand.run(.sheetlogServer, ["token", "revoke", "--read", "support-ana", "--postgres", fleet.url])
        #expect(revoked.stdout == "revoked 1 token of reader support-ana\n", "\(revoked.stderr)")
        #expect(try await tokens.credential(of: token) == nil)
    }

    @Test(arguments: [
        (["device", "add"], 2, "Missing expected argument"),
        (["device", "add", "a", "b"], 2, "Unexpected argument"),
        (["token", "add"], 2, "Missing expected argument '--read <name>'"),
        (["device", "add", ""], 1, "the device id is empty; a device id is 1 to 256 bytes"),
        (["device", "add", "ipad\u{202e}7"], 1, "without control or formatting characters"),
        (["device", "add", "."], 1, "the device id is . or .., which name folders"),
        (["device", "add", ".."], 1, "the device id is . or .., which name folders"),
        (["token", "add", "--read", String(repeating: "n", count: 257)], 1, "a reader name is 1 to 256 bytes"),
    ]) func refusalsAreOneLineWithTheirExitCode(arguments: [String], status: Int32, message: String) async throws {
        let fleet = try await FleetDatabase.fresh()
        let run = try await InProcessCommand.run(.sheetlogServer, arguments + ["--postgres", fleet.url])
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        // A usage error never reaches the database (no schema yet, so no tokens table to count).
        let stored = try? await fleet.count("SELECT count(*) FROM tokens WHERE subject <> $1", device: "")
        #expect(stored == (status == 2 ? nil : 0), "nothing stored")
    }
}
