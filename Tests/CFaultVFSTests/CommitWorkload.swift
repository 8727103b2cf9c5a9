import CFaultVFS
import Foundation
import SheetLogTestSupport

/// A seeded workload of numbered transactions, each inserting 1–4 rows of 16 B–2 KiB text, and the
/// checker that judges a database reopened after a crash or a fault.
struct CommitWorkload {
    let seed: UInt64

    static let schema = """
        CREATE TABLE IF NOT EXISTS entry(
            txn INTEGER NOT NULL, row INTEGER NOT NULL, payload TEXT NOT NULL,
            PRIMARY KEY (txn, row))
        """

    func rowCount(transaction: Int) -> Int {
        var random = SplitMix64(seed: seed &+ UInt64(transaction) &* 0x9E37)
        return Int(random.next() % 4) + 1
    }

    func payload(transaction: Int, row: Int) -> String {
        var random = SplitMix64(seed: seed ^ (UInt64(transaction) << 20) ^ UInt64(row))
        let length = 16 + Int(random.next() % 2_033)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzäöüß€")
        let prefix = "\(transaction).\(row):"
        let body = (0..<(length - prefix.count)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        return prefix + String(body)
    }

    /// Runs one transaction; returns the first failing extended result code, or SQLITE_OK.
    func commit(transaction: Int, on database: RawDatabase) -> Int32 {
        let begun = database.execute("BEGIN IMMEDIATE")
        guard begun == SQLITE_OK else { return begun }
        for row in 1...rowCount(transaction: transaction) {
            let inserted = database.run(
                "INSERT INTO entry(txn, row, payload) VALUES (?, ?, ?)",
                [transaction, row, payload(transaction: transaction, row: row)])
            guard inserted == SQLITE_OK else { return inserted }
        }
        return database.execute("COMMIT")
    }

    /// Commits transactions `first...last` until one fails.
    func run(_ transactions: ClosedRange<Int>, on database: RawDatabase) -> WorkloadOutcome {
        var outcome = WorkloadOutcome(acknowledged: transactions.lowerBound - 1, attempted: transactions.lowerBound - 1)
        for transaction in transactions {
            outcome.attempted = transaction
            let code = commit(transaction: transaction, on: database)
            guard code == SQLITE_OK else {
                outcome.failure = code
                return outcome
            }
            outcome.acknowledged = transaction
        }
        return outcome
    }

    /// Everything wrong with the reopened database, given which transactions were acknowledged
    /// (COMMIT returned) and attempted; empty when the database is sound.
    func violations(in database: RawDatabase, acknowledged: Int, attempted: Int) throws -> [String] {
        var found: [String] = []
        let integrity = try database.rows("PRAGMA integrity_check").map { $0.first ?? "" }
        if integrity != ["ok"] { found.append("integrity_check: \(integrity.prefix(3))") }
        let tableExists = try database.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'entry'") == "1"
        let rows = tableExists ? try database.rows("SELECT txn, row, payload FROM entry ORDER BY txn, row") : []
        var rowsByTransaction: [Int: [(row: Int, payload: String)]] = [:]
        for columns in rows {
            rowsByTransaction[Int(columns[0])!, default: []].append((Int(columns[1])!, columns[2]))
        }
        let present = rowsByTransaction.keys.sorted()
        if present != Array(1..<(present.count + 1)) {
            found.append("survivors are not a prefix of commit order: \(present.prefix(10))…")
        }
        if let last = present.last, last > attempted {
            found.append("transaction \(last) present but never attempted (attempted \(attempted))")
        }
        if (present.last ?? 0) < acknowledged {
            found.append("acknowledged transactions lost: \(present.count) of \(acknowledged) present")
        }
        for transaction in present {
            let stored = rowsByTransaction[transaction]!
            let expected = (1...rowCount(transaction: transaction)).map { ($0, payload(transaction: transaction, row: $0)) }
            if stored.count != expected.count || zip(stored, expected).contains(where: { $0.row != $1.0 || $0.payload != $1.1 }) {
                found.append("transaction \(transaction) is partial or altered")
            }
        }
        return found
    }
}

/// How far a workload got before it stopped.
struct WorkloadOutcome {
    var acknowledged: Int
    var attempted: Int
    var failure: Int32?
}

