import Foundation
import SQLite
import TestSupport
import Testing

@Suite struct BindingTests {
    static let texts = [
        "", "plain", "emoji 👩🏽‍💻🚀", "combining e\u{301} a\u{30A}", "right-to-left שלום مرحبا",
        "embedded\u{0}nul", "quote ' and \"double\"", String(repeating: "long ", count: 20_000),
    ]

    @Test(arguments: Storage.allCases)
    func textRoundTrips(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (v ANY) STRICT")
        for text in Self.texts {
            try db.execute("DELETE FROM t")
            try db.execute("INSERT INTO t VALUES (?)", [.text(text)])
            let value = try db.scalar("SELECT v FROM t")
            #expect(value == .text(text))
            #expect(try db.scalar("SELECT typeof(v) FROM t") == .text("text"))
        }
    }

    @Test(arguments: Storage.allCases)
    func blobRoundTrips(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB) STRICT")
        let large = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for (id, blob) in [Data(), Data([0, 255, 0]), large].enumerated() {
            try db.execute("INSERT INTO t VALUES (?, ?)", [.integer(Int64(id)), .blob(blob)])
        }
        let rows = try db.query("SELECT v, typeof(v), length(v) FROM t ORDER BY id")
        #expect(rows.map { $0[0] } == [.blob(Data()), .blob(Data([0, 255, 0])), .blob(large)])
        #expect(rows.map { $0[1] } == ["blob", "blob", "blob"])
        #expect(rows.map { $0[2] } == [0, 3, 3_000_000])
    }

    /// A blob written into its row in pieces (a revision's changeset) reads back whole:
    /// one shorter than a piece, one of several pieces with a partial last one, none.
    @Test(arguments: Storage.allCases)
    func blobWrittenInPiecesRoundTrips(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT NOT NULL, v BLOB NOT NULL) STRICT")
        let large = Data((0..<2_500_001).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
        let blobs = [Data([1, 2, 3]), large, Data()]
        for (index, blob) in blobs.enumerated() {
            try db.insert(
                "INSERT INTO t (label, v) VALUES (?, zeroblob(?))", [.text("blob \(index)")], blob: blob, table: "t",
                column: "v")
        }
        let rows = try db.query("SELECT label, v, length(v) FROM t ORDER BY id")
        #expect(rows.map { $0[0] } == [.text("blob 0"), .text("blob 1"), .text("blob 2")])
        #expect(rows.map { $0[1] } == blobs.map { .blob($0) })
        #expect(rows.map { $0[2] } == [3, 2_500_001, 0])
    }

    /// A blob given in pieces of any size (a changeset's records, then a session's changes)
    /// is stored in order; giving more or fewer bytes than announced is an error.
    @Test(arguments: Storage.allCases)
    func blobGivenInPiecesOfAnySizeRoundTrips(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL) STRICT")
        let small = (0..<100_000).map { [UInt8(truncatingIfNeeded: $0), 7, UInt8(truncatingIfNeeded: $0 >> 8)] }
        let large = Data((0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let expected = Data(small.joined()) + large + Data([9])
        try db.insert("INSERT INTO t (v) VALUES (zeroblob(?))", [], blobSize: expected.count, table: "t", column: "v") {
            write in
            for piece in small { try piece.withUnsafeBytes(write) }
            try large.withUnsafeBytes(write)
            try [UInt8(9)].withUnsafeBytes(write)
        }
        #expect(try db.query("SELECT v FROM t").map { $0[0] } == [.blob(expected)])
        for (announced, message) in [(4, "more than the 4 bytes announced"), (6, "5 of the 6 bytes announced")] {
            #expect {
                try db.insert(
                    "INSERT INTO t (v) VALUES (zeroblob(?))", [], blobSize: announced, table: "t", column: "v"
                ) { write in try Data([1, 2, 3, 4, 5]).withUnsafeBytes(write) }
            } throws: { error in
                "\(error)".contains(message) && "\(error)".contains("t.v")
            }
        }
    }

    @Test(arguments: Storage.allCases)
    func numbersAndNullRoundTrip(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v ANY) STRICT")
        let values: [SQLValue] = [
            .null, .integer(.min), .integer(.max), .integer(0), .real(0.1), .real(-1e308),
            .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude), .real(-0.0),
        ]
        let insert = try db.prepare("INSERT INTO t (id, v) VALUES (?, ?)")
        for (id, value) in values.enumerated() {
            try insert.run([.integer(Int64(id)), value])
        }
        let read = try db.query("SELECT v FROM t ORDER BY id").map { $0[0] }
        #expect(read == values)
        let select = try db.prepare("SELECT v FROM t WHERE id = ?")
        try select.bind([2])
        #expect(try select.step())
        #expect(select.int64(at: 0) == .max)
        try select.bind([0])
        #expect(try select.step())
        #expect(select.string(at: 0) == nil && select.data(at: 0) == nil)
    }

    @Test func namedParametersBindByNameWithOrWithoutPrefix() throws {
        let db = try Database(path: ":memory:")
        let rows = try db.query("SELECT :a || @b, $c + 1", named: ["a": "x", "@b": "y", "$c": 41])
        #expect(rows == [Row(columns: [":a || @b", "$c + 1"], values: ["xy", 42])])
        #expect(throws: SQLiteError.self) { try db.query("SELECT :a", named: ["b": 1]) }
        #expect(throws: SQLiteError.self) { try db.query("SELECT :a, :b", named: ["a": 1]) }
    }

    @Test func wrongArgumentCountIsAnError() throws {
        let db = try Database(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) { try db.query("SELECT ?, ?", [1]) }
        #expect(error?.message == "expected 2 arguments, got 1")
        #expect(error?.sql == "SELECT ?, ?")
    }
}

@Suite struct ErrorTests {
    @Test(arguments: Storage.allCases)
    func errorCarriesExtendedCodeMessageAndSQL(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE) STRICT")
        try db.execute("INSERT INTO t (name) VALUES ('a')")
        let sql = "INSERT INTO t (name) VALUES (?)"
        let error = #expect(throws: SQLiteError.self) { try db.execute(sql, ["a"]) }
        #expect(error?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.code == 19)  // SQLITE_CONSTRAINT
        #expect(error?.isConstraintViolation == true)
        #expect(error?.message == "UNIQUE constraint failed: t.name")
        #expect(error?.sql == sql)
        #expect(error?.description.contains("while running: \(sql)") == true)
    }

    /// A query that never ends stops with SQLITE_INTERRUPT when another thread interrupts
    /// its connection (what a cancelled MCP call does).
    @Test func anotherThreadInterruptsARunningQuery() throws {
        let db = try Database(path: ":memory:")
        nonisolated(unsafe) let shared = db
        let stopper = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            shared.interrupt()
        }
        stopper.start()
        let started = Date()
        let error = #expect(throws: SQLiteError.self) {
            _ = try db.scalar("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        }
        #expect(error?.code == 9)  // SQLITE_INTERRUPT
        #expect(Date().timeIntervalSince(started) < 30)
        // The connection goes on.
        #expect(try db.scalar("SELECT 1")?.int64 == 1)
    }

    @Test func syntaxErrorNamesTheFailingStatementOfAScript() throws {
        let db = try Database(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) {
            try db.execute("CREATE TABLE a (x INTEGER) STRICT; SELEC 1; CREATE TABLE b (y)")
        }
        #expect(error?.code == 1)
        #expect(error?.message.contains("syntax error") == true)
        #expect(error?.sql == "SELEC 1;")
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'b'") == 0)
    }

    @Test func openingADirectoryFails() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: SQLiteError.self) { try Database(path: directory.url.path) }
        #expect(error?.code == 14)  // SQLITE_CANTOPEN
        #expect(error?.message.contains(directory.url.path) == true)
    }

    @Test func readOnlyMissingFileFails() throws {
        let directory = try TemporaryDirectory()
        var configuration = Database.Configuration()
        configuration.readOnly = true
        #expect(throws: SQLiteError.self) {
            try Database(path: directory.path("missing.db"), configuration: configuration)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.db")))
    }
}

@Suite struct TransactionTests {
    @Test(arguments: Storage.allCases)
    func throwingBodyLeavesNoTrace(storage: Storage) throws {
        struct Boom: Error {}
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (v INTEGER) STRICT")
        #expect(throws: Boom.self) {
            try db.transaction(.immediate) {
                try db.execute("INSERT INTO t VALUES (1)")
                try db.execute("CREATE TABLE u (w INTEGER) STRICT")
                throw Boom()
            }
        }
        #expect(!db.isInTransaction)
        #expect(try db.scalar("SELECT count(*) FROM t") == 0)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'u'") == 0)
    }

    @Test(arguments: Storage.allCases)
    func committedBodyPersistsAndReturnsItsValue(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute("CREATE TABLE t (v INTEGER) STRICT")
        let id = try db.transaction {
            try db.execute("INSERT INTO t VALUES (7)")
            return db.lastInsertRowID
        }
        #expect(id == 1)
        #expect(try db.scalar("SELECT v FROM t") == 7)
    }

    @Test func savepointRollsBackOnlyItsOwnWork() throws {
        struct Boom: Error {}
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (v INTEGER) STRICT")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            #expect(throws: Boom.self) {
                try db.savepoint {
                    try db.execute("INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            }
            try db.savepoint { try db.execute("INSERT INTO t VALUES (3)") }
        }
        #expect(try db.query("SELECT v FROM t ORDER BY v").map { $0[0] } == [1, 3])
    }

    @Test func immediateTransactionWaitsForAnotherWriter() throws {
        let directory = try TemporaryDirectory()
        let first = try Database(path: directory.path("w.db"))
        try first.execute("CREATE TABLE t (v INTEGER) STRICT")
        var configuration = Database.Configuration()
        configuration.busyTimeoutMilliseconds = 50
        let second = try Database(path: directory.path("w.db"), configuration: configuration)
        try first.execute("BEGIN IMMEDIATE")
        let error = #expect(throws: SQLiteError.self) { try second.transaction(.immediate) {} }
        #expect(error?.isBusy == true)
        try first.execute("COMMIT")
        try second.transaction(.immediate) { try second.execute("INSERT INTO t VALUES (1)") }
        #expect(try first.scalar("SELECT count(*) FROM t") == 1)
    }
}

@Suite struct PragmaTests {
    @Test func fileDatabasesUseWALAndForeignKeys() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("p.db"))
        #expect(try db.scalar("PRAGMA journal_mode") == "wal")
        #expect(try db.scalar("PRAGMA foreign_keys") == 1)
    }

    @Test func aWaitPastASecondIsAnnouncedOnceAndThenSucceeds() throws {
        let directory = try TemporaryDirectory()
        let first = try Database(path: directory.path("w.db"))
        try first.execute("CREATE TABLE t (v INTEGER) STRICT")
        let notices = Counter()
        var configuration = Database.Configuration()
        configuration.onLongWait = { notices.increment() }
        let second = try Database(path: directory.path("w.db"), configuration: configuration)
        try first.execute("BEGIN IMMEDIATE")
        // The holder is used by the releasing thread only, while this one waits.
        nonisolated(unsafe) let holder = first
        let release = Thread {
            Thread.sleep(forTimeInterval: 1.6)
            try? holder.execute("COMMIT")
        }
        release.start()
        try second.transaction(.immediate) { try second.execute("INSERT INTO t VALUES (1)") }
        #expect(notices.value == 1)
    }

    @Test(arguments: Storage.allCases)
    func foreignKeysAreEnforced(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let db = try storage.open(in: directory)
        try db.execute(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY) STRICT;
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parent(id)) STRICT;
            """)
        let error = #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO child VALUES (1, 99)") }
        #expect(error?.extendedCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        // A script's error names the statement that failed, trimmed, whether it failed to
        // compile or to run (the text is built only then).
        let stepping = #expect(throws: SQLiteError.self) {
            try db.execute("INSERT INTO parent VALUES (1);\n  INSERT INTO child VALUES (2, 98);  \nSELECT 1;")
        }
        #expect(stepping?.sql == "INSERT INTO child VALUES (2, 98);")
        let compiling = #expect(throws: SQLiteError.self) { try db.execute("SELECT 1;\n  SELEC 2; SELECT 3;") }
        #expect(compiling?.sql == "SELEC 2;")
    }

    @Test func cacheSizeIsApplied() throws {
        var configuration = Database.Configuration()
        configuration.cacheSizeKiB = 262_144
        let db = try Database(path: ":memory:", configuration: configuration)
        #expect(try db.scalar("PRAGMA cache_size") == -262_144)
    }
}

/// A count shared with a busy handler's callback.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
