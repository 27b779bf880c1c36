import Foundation
import Testing

@testable import NearbyStore

@Suite struct SQLiteDatabaseTests {
    @Test func bindsAndReadsEveryType() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
        let insert = try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)")
        try insert.bind(Int64.min, at: 1)
        try insert.bind(-0.1, at: 2)
        try insert.bind("台北 'quoted'; DROP TABLE t; --", at: 3)
        try insert.bind([0, 255, 7] as [UInt8], at: 4)
        try insert.bindNull(at: 5)
        #expect(try insert.step() == false)
        #expect(database.changes == 1)
        #expect(database.lastInsertRowID == 1)

        let select = try database.prepare("SELECT i, r, s, b, n, typeof(b) FROM t")
        #expect(try select.step())
        #expect(select.columnCount == 6)
        #expect(select.int64(at: 0) == Int64.min)
        #expect(select.double(at: 1)?.bitPattern == (-0.1).bitPattern)
        // A value with SQL in it is data, never SQL: the table survives and the text is literal.
        #expect(select.string(at: 2) == "台北 'quoted'; DROP TABLE t; --")
        #expect(select.blob(at: 3) == [0, 255, 7])
        #expect(select.isNull(at: 4))
        #expect(select.int64(at: 4) == nil)
        #expect(select.string(at: 5) == "blob")
        #expect(try select.step() == false)
    }

    @Test func emptyBlobIsNotNull() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let statement = try database.prepare("SELECT typeof(?1), length(?1)")
        try statement.bind([] as [UInt8], at: 1)
        #expect(try statement.step())
        #expect(statement.string(at: 0) == "blob")
        #expect(statement.int64(at: 1) == 0)
    }

    @Test func resetRerunsWithNewBindings() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let statement = try database.prepare("SELECT ?1 * 2")
        for value in [Int64(3), 21] {
            try statement.bind(value, at: 1)
            #expect(try statement.step())
            #expect(statement.int64(at: 0) == value * 2)
            statement.reset()
        }
    }

    @Test func transactionRollsBackOnThrow() throws {
        struct Boom: Error {}
        let database = try SQLiteDatabase(path: ":memory:")
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(throws: Boom.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(!database.isInTransaction)
        let count = try database.prepare("SELECT count(*) FROM t")
        #expect(try count.step())
        #expect(count.int64(at: 0) == 0)

        try database.transaction(.immediate) { try database.execute("INSERT INTO t VALUES (2)") }
        count.reset()
        #expect(try count.step())
        #expect(count.int64(at: 0) == 1)
    }

    @Test func errorsCarryReasonMessageAndSQL() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.execute("CREATE TABLE t (x INTEGER UNIQUE)")
        try database.execute("INSERT INTO t VALUES (1)")
        let insert = try database.prepare("INSERT INTO t VALUES (?1)")
        try insert.bind(Int64(1), at: 1)
        let error = try #require(throws: SQLiteError.self) { try insert.step() }
        #expect(error.reason == .constraint)
        #expect(error.message.contains("UNIQUE constraint failed"))
        #expect(error.sql == "INSERT INTO t VALUES (?1)")
        #expect(error.description.hasPrefix("SQLite failed (constraint violation): UNIQUE"))
        #expect(error.description.hasSuffix("in `INSERT INTO t VALUES (?1)`."))

        let syntax = try #require(throws: SQLiteError.self) { try database.prepare("SELEC 1") }
        #expect(syntax.reason == .error)
        #expect(syntax.message.contains("syntax error"))
    }

    @Test func openModes() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let missing = try #require(throws: SQLiteError.self) {
                try SQLiteDatabase(path: path, mode: .readWrite)
            }
            #expect(missing.reason == .cantOpen)
            #expect(!FileManager.default.fileExists(atPath: path))

            let writer = try SQLiteDatabase(path: path, mode: .readWriteCreate)
            try writer.execute("CREATE TABLE t (x)")
            let reader = try SQLiteDatabase(path: path, mode: .readOnly)
            let refused = try #require(throws: SQLiteError.self) {
                try reader.execute("INSERT INTO t VALUES (1)")
            }
            #expect(refused.reason == .readOnly)
        }
    }

    @Test func busyTimeoutThenBusy() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("db.sqlite").path
            let first = try SQLiteDatabase(path: path)
            try first.execute("CREATE TABLE t (x)")
            let second = try SQLiteDatabase(path: path, busyTimeout: 10)
            try first.execute("BEGIN IMMEDIATE")
            let error = try #require(throws: SQLiteError.self) {
                try second.execute("BEGIN IMMEDIATE")
            }
            #expect(error.reason == .busy)
            try first.execute("ROLLBACK")
        }
    }
}
