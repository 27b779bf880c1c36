/// A value bound to a statement parameter (`$1`, `$2`, …). SQL text never holds values: every
/// value travels as a parameter of `PQexecParams`, with its type's OID.
///
/// Wire form: `.bytes` is sent in PostgreSQL's binary format (the bytes themselves, no escaping);
/// every other case in text format. Results come back in text format; `bytea` columns are read in
/// PostgreSQL's hex form (`\x…`, the connection sets `bytea_output = hex`).
public enum PostgresValue: Sendable, Hashable {
    case text(String)
    case integer(Int64)
    case double(Double)
    case boolean(Bool)
    case bytes([UInt8])
    /// JSON text, sent as `jsonb` (the server checks it).
    case json(String)

    /// Type OIDs from PostgreSQL's pg_type.dat (stable across versions).
    enum TypeOID {
        static let bool: UInt32 = 16
        static let bytea: UInt32 = 17
        static let int8: UInt32 = 20
        static let int2: UInt32 = 21
        static let int4: UInt32 = 23
        static let text: UInt32 = 25
        static let oid: UInt32 = 26
        static let float4: UInt32 = 700
        static let float8: UInt32 = 701
        static let numeric: UInt32 = 1700
        static let jsonb: UInt32 = 3802
    }

    /// What goes to libpq: the type OID, the format (0 text, 1 binary) and the bytes.
    struct Encoded {
        let type: UInt32
        let format: Int32
        let bytes: [UInt8]
    }

    /// The wire form of this value as parameter `index` (1-based, for the error).
    func encoded(index: Int) throws(PostgresError) -> Encoded {
        switch self {
        case .text(let text):
            guard !text.utf8.contains(0) else {
                throw .invalidParameter(
                    index: index, reason: "the text contains a NUL character, which PostgreSQL text cannot hold")
            }
            return Encoded(type: TypeOID.text, format: 0, bytes: Array(text.utf8))
        case .json(let text):
            guard !text.utf8.contains(0) else {
                throw .invalidParameter(
                    index: index, reason: "the JSON contains a NUL character, which PostgreSQL text cannot hold")
            }
            return Encoded(type: TypeOID.jsonb, format: 0, bytes: Array(text.utf8))
        case .integer(let value):
            return Encoded(type: TypeOID.int8, format: 0, bytes: Array(String(value).utf8))
        case .double(let value):
            // Swift's description is the shortest text that reads back to the same Double, and
            // PostgreSQL's float8 input is correctly rounded: the value round-trips exactly.
            let text =
                value.isNaN ? "NaN" : value == .infinity ? "Infinity" : value == -.infinity ? "-Infinity" : "\(value)"
            return Encoded(type: TypeOID.float8, format: 0, bytes: Array(text.utf8))
        case .boolean(let value):
            return Encoded(type: TypeOID.bool, format: 0, bytes: value ? [UInt8(ascii: "t")] : [UInt8(ascii: "f")])
        case .bytes(let bytes):
            return Encoded(type: TypeOID.bytea, format: 1, bytes: bytes)
        }
    }
}
