/// Something a FIT file got wrong that did not stop the import. Descriptions are one sentence
/// each, without the file name (the caller names the file).
public enum FITWarning: Sendable, Hashable, CustomStringConvertible {
    /// The 14-byte header's own CRC does not match its first 12 bytes.
    case headerCRCMismatch(stored: UInt16, computed: UInt16)
    /// The CRC after the data does not match the bytes it covers.
    case crcMismatch(stored: UInt16, computed: UInt16)
    /// The file is shorter than its header promises (header, data and CRC), so the CRC is missing.
    case truncated(expected: Int, actual: Int)
    /// The data ends inside a message starting at `offset`; that message was dropped.
    case endsInsideMessage(offset: Int)
    /// Records but no `session` message: the recording was never closed (a dead battery, a crash).
    case neverClosed
    /// Records whose timestamps lie far (more than ``FITDecoder/Options/timestampWindow``) from
    /// the median record time, which only a damaged byte produces; they were left out.
    case droppedImpossibleTimestamps(count: Int)
    /// Timestamps are relative to the device's power-on (FIT values below 0x10000000). With
    /// `anchored`, they were placed using the activity's local time (time zone unknown, so
    /// approximate); otherwise record times are absent.
    case relativeTimes(anchored: Bool)
    /// Lenient mode only: decoding stopped at a damaged message; everything after it is lost.
    case damaged(offset: Int, size: Int, reason: String)
    /// Lenient mode only: a session written before records that could not be read: its device
    /// totals describe data that is missing, so they were dropped.
    case sessionTotalsIgnored(count: Int)
    /// Bytes after the last FIT file of the chain that are not another FIT file.
    case trailingBytes(count: Int)
    /// A device figure (a session's distance, times or average speed, the records' running
    /// distance) that its sport cannot have was dropped.
    case implausibleDeviceFigure(DeviceFigureProblem)

    /// One sentence, without the file name.
    public var description: String {
        switch self {
        case .headerCRCMismatch(let stored, let computed):
            return "The file header's CRC is \(hex(stored)) but its bytes give \(hex(computed))."
        case .crcMismatch(let stored, let computed):
            return "The file's CRC is \(hex(stored)) but its bytes give \(hex(computed)), so some bytes may be wrong."
        case .truncated(let expected, let actual):
            return "The file is truncated: its header promises \(expected) bytes but it has \(actual)."
        case .endsInsideMessage(let offset):
            return "The data ends inside the message at byte \(offset), which was dropped."
        case .neverClosed:
            return "The recording was never closed (no session message), so the device's totals are missing."
        case .droppedImpossibleTimestamps(let count):
            return
                "\(count) record\(count == 1 ? "" : "s") with impossible timestamps \(count == 1 ? "was" : "were") left out."
        case .relativeTimes(let anchored):
            return anchored
                ? "The device stored times relative to its power-on; they were placed using its local clock (time zone unknown), so they are approximate."
                : "The device stored times relative to its power-on and no absolute time, so the records have no times."
        case .damaged(let offset, let size, let reason):
            return
                "The file is damaged: decoding stops at byte \(offset) of \(size) (\(reason)); only what came before was kept."
        case .sessionTotalsIgnored(let count):
            return
                "The device totals of \(count) session\(count == 1 ? "" : "s") describe records that could not be read, so they were dropped."
        case .implausibleDeviceFigure(let problem):
            return problem.description
        case .trailingBytes(let count):
            return
                "\(count) byte\(count == 1 ? "" : "s") after the end of the FIT data \(count == 1 ? "was" : "were") ignored."
        }
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
