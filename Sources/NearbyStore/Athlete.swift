/// Which athletes' runs a listing, a reference or a `runs near` covers. A store is opened *for*
/// one athlete (its imports record that name); ``own`` means that athlete's runs, ``all`` every
/// athlete's (a club's shared store).
public enum AthleteScope: Sendable, Hashable {
    /// The runs of the athlete the store was opened for.
    case own
    /// Every athlete's runs.
    case all
}

/// The one check of an athlete's name from outside (`--athlete`, the login name): not empty, at
/// most ``maximumLength`` characters, no control characters, so it can be stored, compared and
/// printed as it is.
public enum AthleteName {
    /// The longest name accepted, in characters.
    public static let maximumLength = 64

    /// `name` if it is a usable athlete name.
    public static func checked(_ name: String) throws(AthleteNameError) -> String {
        guard !name.isEmpty else { throw .empty }
        // C0/C1 controls and DEL, and the bidirectional embeddings, overrides and isolates.
        let isControl = { (scalar: Unicode.Scalar) in
            scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
        }
        guard !name.unicodeScalars.contains(where: isControl) else {
            throw .controlCharacter
        }
        guard name.count <= maximumLength else { throw .tooLong(name.count) }
        return name
    }
}

/// Why a name is not a usable athlete name (``AthleteName/checked(_:)``).
public enum AthleteNameError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case controlCharacter
    /// How many characters it had.
    case tooLong(Int)

    public var description: String {
        switch self {
        case .empty: "the athlete name is empty"
        case .controlCharacter: "the athlete name holds a control character"
        case .tooLong(let count):
            "the athlete name has \(count) characters, more than the \(AthleteName.maximumLength) allowed"
        }
    }
}
