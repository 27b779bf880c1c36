import NearbySystem
/// A decoder for FIT activity files (Garmin's Flexible and Interoperable Data Transfer
/// protocol), written for Nearby.
///
/// It reads the file header (12 or 14 bytes, header CRC), definition and data messages in
/// little- and big-endian architectures, compressed timestamp headers, developer fields (skipped
/// by their declared size), the invalid-value sentinel of every base type, chained FIT files,
/// and checks the file CRC. Only `file_id`, `record`, `event`, `lap`, `session`, `activity` and
/// `sport` are interpreted; every other message is skipped by its definition. A file whose
/// `file_id.type` is not activity is refused. A damaged message in the middle of the file
/// refuses it (unless ``Options/acceptDamaged``); a file that merely ends early (truncated,
/// never closed) is imported with ``FITWarning``s. Every loop advances; nothing is allocated
/// from a length in the file, so a wrong byte can neither hang the decoder nor make it allocate
/// more than a small multiple of the file's size.
public struct FITDecoder: Sendable {
    /// Choices an importer may change.
    public struct Options: Sendable, Hashable {
        /// Keep what came before a damaged message (with ``FITWarning/damaged(offset:size:reason:)``)
        /// instead of refusing the file. Off by default: a partial run would later hide the
        /// repaired file as a duplicate.
        public var acceptDamaged: Bool
        /// A record whose time is further than this from the median record time is impossible
        /// (only a damaged byte produces it) and is left out. Seconds; default 7 days.
        public var timestampWindow: Double
        /// Keep records written while the timer was stopped, as segments of their own, instead of
        /// leaving them out of the track. Off by default: the device does not count them.
        public var keepPausedRecords: Bool

        /// Options; the defaults refuse damaged files, allow records within 7 days of the median
        /// and leave records written during pauses out of the track.
        public init(acceptDamaged: Bool = false, timestampWindow: Double = 7 * 86_400, keepPausedRecords: Bool = false)
        {
            self.acceptDamaged = acceptDamaged
            self.timestampWindow = timestampWindow
            self.keepPausedRecords = keepPausedRecords
        }
    }

    /// The choices this decoder applies.
    public var options: Options
    /// The caps on what one file may make the decoder keep (``InputKind/fitRecords`` and
    /// ``InputKind/fitSessions`` by default); past one, the file is refused with one sentence.
    public var recordLimits = InputKind.fitRecords.limits
    /// See ``recordLimits``.
    public var sessionLimits = InputKind.fitSessions.limits

    /// A decoder with the given options (by default: refuse damaged files, 7-day window).
    public init(options: Options = Options()) { self.options = options }

    /// Whether the bytes start with a FIT file header: size 12 or 14 and ".FIT" at offset 8.
    public static func looksLikeFIT(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 12, bytes[0] == 12 || bytes[0] == 14 else { return false }
        return bytes[8] == 0x2E && bytes[9] == 0x46 && bytes[10] == 0x49 && bytes[11] == 0x54
    }

    /// Whether the bytes start with a FIT file header.
    public static func looksLikeFIT(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { looksLikeFIT($0) }
    }

    /// Decodes a FIT activity from bytes in memory; `fileName` is only used in error messages.
    public func decode(_ bytes: [UInt8], fileName: String) throws(FITDecodeError) -> FITActivity {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(FITDecodeError) -> FITActivity in try decode(raw, fileName: fileName) }
        }
        return try result.get()
    }

    /// Decodes a FIT activity from bytes in memory; `fileName` is only used in error messages.
    public func decode(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(FITDecodeError) -> FITActivity {
        guard Self.looksLikeFIT(bytes), let raw = bytes.baseAddress else {
            throw .notFIT(file: fileName, found: Self.describeStart(bytes))
        }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        var budget = FITBudget(
            records: InputBudget(.fitRecords, limits: recordLimits),
            sessions: InputBudget(.fitSessions, limits: sessionLimits))
        do throws(InputBudgetExceeded) {
            try budget.records.read(count)
        } catch {
            throw .overBudget(file: fileName, error)
        }
        var builder = FITActivityBuilder()
        var warnings: [FITWarning] = []
        var incomplete = false
        var offset = 0
        var first: (protocolVersion: UInt8, profile: UInt16)?
        while offset < count {
            let part = UnsafeRawBufferPointer(start: raw + offset, count: count - offset)
            guard Self.looksLikeFIT(part), count - offset >= Int(base[offset]) else {
                if offset == 0 { throw .notFIT(file: fileName, found: "the file has only \(count) bytes") }
                warnings.append(.trailingBytes(count: count - offset))
                break
            }
            let headerSize = Int(base[offset])
            if first == nil {
                first = (
                    base[offset + 1],
                    UInt16(truncatingIfNeeded: FITField.raw(base + offset + 2, width: 2, bigEndian: false))
                )
            }
            if headerSize == 14 {
                let stored = UInt16(truncatingIfNeeded: FITField.raw(base + offset + 12, width: 2, bigEndian: false))
                let computed = FITCRC.checksum(base + offset, count: 12)
                if stored != 0, stored != computed {
                    warnings.append(.headerCRCMismatch(stored: stored, computed: computed))
                }
            }
            // data_size is a uint32: the sums below cannot overflow a 64-bit Int.
            let dataSize = Int(UInt32(truncatingIfNeeded: FITField.raw(base + offset + 4, width: 4, bigEndian: false)))
            let dataStart = offset + headerSize
            let dataEnd = dataStart + dataSize
            let partEnd = dataEnd + 2
            if partEnd > count {
                warnings.append(.truncated(expected: partEnd, actual: count))
                incomplete = true
            } else {
                let stored = UInt16(truncatingIfNeeded: FITField.raw(base + dataEnd, width: 2, bigEndian: false))
                let computed = FITCRC.checksum(base + offset, count: dataEnd - offset)
                if stored != computed { warnings.append(.crcMismatch(stored: stored, computed: computed)) }
            }
            var reader = FITMessageReader(base: base)
            switch reader.read(from: dataStart, to: min(dataEnd, count), into: &builder, budget: &budget) {
            case .end: break
            case .overBudget(_, let exceeded):
                throw .overBudget(file: fileName, exceeded)
            case .insideMessage(let at):
                warnings.append(.endsInsideMessage(offset: at))
                incomplete = true
            case .damaged(let at, let reason):
                guard options.acceptDamaged else {
                    throw .damaged(file: fileName, offset: at, size: partEnd, reason: reason)
                }
                warnings.append(.damaged(offset: at, size: partEnd, reason: reason))
                incomplete = true
            }
            if incomplete { break }
            offset = partEnd
        }
        guard builder.fileTypes.contains(FITProfile.activityFileType) else {
            let type = builder.fileTypes.lazy.compactMap { $0 }.first
            throw .notAnActivity(file: fileName, fileType: type.map(FITProfile.fileTypeName))
        }
        var assembler = FITActivityAssembler(builder: builder, options: options, incomplete: incomplete)
        var activity = assembler.assemble()
        activity.warnings = warnings + assembler.warnings
        if let first {
            activity.protocolVersion = Double(first.protocolVersion >> 4) + Double(first.protocolVersion & 0x0F) / 10
            activity.profileVersion = Double(first.profile) / (first.profile > 2199 ? 1000 : 100)
        }
        return activity
    }

    /// A short description of what the bytes start with, for ``FITDecodeError/notFIT(file:found:)``.
    static func describeStart(_ bytes: UnsafeRawBufferPointer) -> String {
        if bytes.isEmpty { return "the file is empty" }
        if bytes.count < 12 { return "the file has only \(bytes.count) byte\(bytes.count == 1 ? "" : "s")" }
        if bytes[0] != 12 && bytes[0] != 14 { return "its header size is \(bytes[0]), expected 12 or 14" }
        return "there is no \".FIT\" signature at byte 8"
    }
}
