/// One column of a result: its name and its type's OID.
public struct PostgresColumn: Sendable, Hashable {
    public let name: String
    public let typeOID: UInt32
}

/// The answer to one statement, read whole: its columns, its rows and, for `INSERT`, `UPDATE`,
/// `DELETE` and the like, how many rows it touched.
public struct PostgresResult: Sendable {
    public let columns: [PostgresColumn]
    public let rows: [PostgresRow]
    /// The row count of the command tag, when the command has one.
    public let affectedRows: Int?
}

/// One result row. Accessors return nil for SQL NULL and throw ``PostgresError/column(name:reason:)``
/// when the column is missing or its type is not the one asked for: nothing is force-converted.
public struct PostgresRow: Sendable {
    let columns: [PostgresColumn]
    /// Each column's text-format bytes, nil for NULL.
    let values: [[UInt8]?]

    /// The column's text, for columns of any type but `bytea`.
    public func string(_ name: String) throws(PostgresError) -> String? {
        guard let (column, bytes) = try raw(name) else { return nil }
        guard column.typeOID != PostgresValue.TypeOID.bytea else {
            throw .column(name: name, reason: "is bytea; read it with bytes(_:)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .column(name: name, reason: "is not valid UTF-8")
        }
        return text
    }

    /// The column's integer, for `smallint`, `integer` and `bigint` columns.
    public func int64(_ name: String) throws(PostgresError) -> Int64? {
        guard let (column, bytes) = try raw(name) else { return nil }
        let integers = [PostgresValue.TypeOID.int2, PostgresValue.TypeOID.int4, PostgresValue.TypeOID.int8]
        guard integers.contains(column.typeOID) else {
            throw .column(name: name, reason: "is not an integer column (type OID \(column.typeOID))")
        }
        guard let value = Int64(String(decoding: bytes, as: UTF8.self)) else {
            throw .column(name: name, reason: "holds no integer")
        }
        return value
    }

    /// The column's integer as `Int` (checked: a value that does not fit throws).
    public func int(_ name: String) throws(PostgresError) -> Int? {
        guard let value = try int64(name) else { return nil }
        guard let fitting = Int(exactly: value) else {
            throw .column(name: name, reason: "holds \(value), which does not fit an Int")
        }
        return fitting
    }

    /// The column's number, for `real`, `double precision`, `numeric` and integer columns
    /// (`numeric` and large integers are rounded to the nearest Double).
    public func double(_ name: String) throws(PostgresError) -> Double? {
        guard let (column, bytes) = try raw(name) else { return nil }
        let numbers = [
            PostgresValue.TypeOID.float4, PostgresValue.TypeOID.float8, PostgresValue.TypeOID.numeric,
            PostgresValue.TypeOID.int2, PostgresValue.TypeOID.int4, PostgresValue.TypeOID.int8,
        ]
        guard numbers.contains(column.typeOID) else {
            throw .column(name: name, reason: "is not a number column (type OID \(column.typeOID))")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let value: Double? =
            switch text {
            case "NaN": .nan
            case "Infinity": .infinity
            case "-Infinity": -.infinity
            default: Double(text)
            }
        guard let value else { throw .column(name: name, reason: "holds no number") }
        return value
    }

    /// The column's truth value, for `boolean` columns.
    public func bool(_ name: String) throws(PostgresError) -> Bool? {
        guard let (column, bytes) = try raw(name) else { return nil }
        guard column.typeOID == PostgresValue.TypeOID.bool else {
            throw .column(name: name, reason: "is not a boolean column (type OID \(column.typeOID))")
        }
        switch bytes {
        case [UInt8(ascii: "t")]: return true
        case [UInt8(ascii: "f")]: return false
        default: throw .column(name: name, reason: "holds no boolean")
        }
    }

    /// The column's bytes, for `bytea` columns (read from PostgreSQL's hex form).
    public func bytes(_ name: String) throws(PostgresError) -> [UInt8]? {
        guard let (column, text) = try raw(name) else { return nil }
        guard column.typeOID == PostgresValue.TypeOID.bytea else {
            throw .column(name: name, reason: "is not a bytea column (type OID \(column.typeOID))")
        }
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0
        else {
            throw .column(name: name, reason: "is not in PostgreSQL's hex bytea form")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index < text.count {
            guard let high = Self.hexDigit(text[index]), let low = Self.hexDigit(text[index + 1]) else {
                throw .column(name: name, reason: "is not in PostgreSQL's hex bytea form")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The column named `name` and its bytes; nil for NULL.
    private func raw(_ name: String) throws(PostgresError) -> (PostgresColumn, [UInt8])? {
        guard let index = columns.firstIndex(where: { $0.name == name }), index < values.count else {
            throw .column(name: name, reason: "is not in the result")
        }
        guard let bytes = values[index] else { return nil }
        return (columns[index], bytes)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
