/// Why a GPX or TCX file could not be read. Every case names the file and, where there is one,
/// the 1-based line of the offending byte.
public enum TrackReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read at all.
    case unreadable(file: String, reason: String)
    /// The bytes are not XML this reader understands (empty, binary, UTF-16, no element).
    case notXML(file: String, line: Int, found: String)
    /// The root element is neither `gpx` nor `TrainingCenterDatabase`.
    case unknownRoot(file: String, line: Int, element: String)
    /// A tag, comment, CDATA section or the document structure is broken.
    case malformedElement(file: String, line: Int, expected: String)
    /// An attribute is broken or a required attribute is missing.
    case malformedAttribute(file: String, line: Int, element: String, expected: String)
    /// A number (coordinate, elevation, heart rate…) could not be read.
    case badNumber(file: String, line: Int, element: String, text: String)
    /// A timestamp is not ISO 8601 `YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh:mm]`.
    case badTime(file: String, line: Int, text: String)
    /// An entity reference other than the five predefined ones or a character reference;
    /// DTD entities are never expanded.
    case entityRefused(file: String, line: Int, entity: String)

    /// The file name the error is about.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .notXML(let file, _, _), .unknownRoot(let file, _, _),
            .malformedElement(let file, _, _), .malformedAttribute(let file, _, _, _),
            .badNumber(let file, _, _, _), .badTime(let file, _, _), .entityRefused(let file, _, _):
            return file
        }
    }

    /// The 1-based line of the error, or nil when the file could not be read.
    public var line: Int? {
        switch self {
        case .unreadable: return nil
        case .notXML(_, let line, _), .unknownRoot(_, let line, _), .malformedElement(_, let line, _),
            .malformedAttribute(_, let line, _, _), .badNumber(_, let line, _, _),
            .badTime(_, let line, _), .entityRefused(_, let line, _):
            return line
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file) could not be read: \(reason)."
        case .notXML(let file, let line, let found):
            return "\(file) line \(line) is not an XML track file: expected '<' to start an element, found \(found)."
        case .unknownRoot(let file, let line, let element):
            return
                "\(file) line \(line) starts with <\(element)>, expected a <gpx> or <TrainingCenterDatabase> root element."
        case .malformedElement(let file, let line, let expected):
            return "\(file) line \(line) has malformed XML: expected \(expected)."
        case .malformedAttribute(let file, let line, let element, let expected):
            return "\(file) line \(line) has a malformed attribute on <\(element)>: expected \(expected)."
        case .badNumber(let file, let line, let element, let text):
            return "\(file) line \(line) has \"\(text)\" in <\(element)>, expected a finite decimal number."
        case .badTime(let file, let line, let text):
            return
                "\(file) line \(line) has time \"\(text)\", expected ISO 8601 YYYY-MM-DDThh:mm:ss[.fraction][Z|±hh:mm]."
        case .entityRefused(let file, let line, let entity):
            return
                "\(file) line \(line) uses the entity &\(entity);, expected only &amp; &lt; &gt; &quot; &apos; or &#N; because DTD entities are never expanded."
        }
    }
}
