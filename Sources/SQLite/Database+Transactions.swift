/// How a transaction takes its locks.
package enum TransactionKind: String, Sendable {
    /// Takes locks when the first statement needs them (SQLite's default).
    case deferred = "DEFERRED"
    /// Takes the write lock at once, so that a writer waits at `BEGIN` (under the busy
    /// timeout) rather than failing later when it upgrades: the mode for every command
    /// that writes.
    case immediate = "IMMEDIATE"
    /// Takes the write lock and, outside WAL mode, keeps readers out.
    case exclusive = "EXCLUSIVE"
}

extension Database {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws
    /// (rethrowing its error), so a failing body leaves no trace.
    package func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
        } catch {
            rollbackQuietly()
            throw error
        }
        do {
            try execute("COMMIT TRANSACTION")
        } catch {
            rollbackQuietly()
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint, which nests inside a transaction or another
    /// savepoint: released when it returns, rolled back to (and released) when it throws.
    package func savepoint<T>(_ body: () throws -> T) throws -> T {
        let name = "catalog_savepoint_\(UInt32.random(in: 0...UInt32.max))"
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(name)")
            try? execute("RELEASE SAVEPOINT \(name)")
            throw error
        }
    }

    /// Rolls back the open transaction, if any; a failure here cannot be reported better
    /// than the error that caused the rollback, which the caller rethrows.
    private func rollbackQuietly() {
        if isInTransaction {
            try? execute("ROLLBACK TRANSACTION")
        }
    }
}
