import CatalogModel

/// How much a change demands of the next version number (DESIGN.md → Versions).
public enum ChangeLevel: Int, Sendable, Comparable, CustomStringConvertible {
    case none, cosmetic, additive, breaking

    public static func < (lhs: ChangeLevel, rhs: ChangeLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .none: return "no change"
        case .cosmetic: return "cosmetic"
        case .additive: return "additive"
        case .breaking: return "breaking"
        }
    }

    /// The smallest version after `previous` that this level allows. Before 1.0.0 the
    /// minor number plays the major's part (breaking: 0.y → 0.(y+1).0; otherwise a patch).
    public func minimumVersion(after previous: Semver) -> Semver {
        switch self {
        case .none, .cosmetic: return Semver(previous.major, previous.minor, previous.patch + 1)
        case .additive:
            return previous.major == 0
                ? Semver(0, previous.minor, previous.patch + 1) : Semver(previous.major, previous.minor + 1, 0)
        case .breaking:
            return previous.major == 0 ? Semver(0, previous.minor + 1, 0) : Semver(previous.major + 1, 0, 0)
        }
    }

    /// Whether `version` is enough of a step after `previous` for this level.
    public func allows(_ version: Semver, after previous: Semver) -> Bool {
        let minimum = minimumVersion(after: previous)
        let release = Semver(version.major, version.minor, version.patch)
        return release >= minimum
    }
}

/// One classified difference between two versions of a style, spec or theme.
public struct ClassifiedChange: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// What the change demands of the version: breaking (major), additive (minor), or a fix (patch).
    public var level: ChangeLevel
    /// What changed, in a sentence.
    public var message: String
    /// Where: a dotted path in the document (`states.pressed.background`,
    /// `initializers.init(_:action:).style`, `platforms.iOS`) or a token path.
    public var path: String
    /// The value before and after; `nil` on the side where it does not exist.
    public var old: JSON?
    /// The value after (see ``old``).
    public var new: JSON?

    /// A classified change of `path` from `old` to `new`.
    public init(_ level: ChangeLevel, _ message: String, path: String, old: JSON? = nil, new: JSON? = nil) {
        self.level = level
        self.message = message
        self.path = path
        self.old = old
        self.new = new
    }

    /// `added`, `removed` or `changed`, from which sides have a value.
    public var kind: Kind {
        switch (old, new) {
        case (nil, .some): return .added
        case (.some, nil): return .removed
        default: return .changed
        }
    }

    /// Which sides of a change have a value.
    public enum Kind: String, Sendable {
        case added, removed, changed
    }

    /// The change as JSON fields, the sentence beside them: what every diff's `--json` prints.
    public var json: JSON {
        .object([
            ("level", .string(level.description)), ("kind", .string(kind.rawValue)), ("path", .string(path)),
            ("old", old ?? .null), ("new", new ?? .null), ("message", .string(message)),
        ])
    }

    public static func < (lhs: ClassifiedChange, rhs: ClassifiedChange) -> Bool {
        (rhs.level, lhs.message) < (lhs.level, rhs.message)
    }

    public var description: String { "\(level): \(message)" }
}

/// A version check: the changes against the previous version and what they demand.
public struct VersionCheck: Sendable, Equatable {
    /// Theme, style or spec.
    public var kind: DocumentKind
    /// The document's name.
    public var name: String
    /// The latest published version the new one is compared with.
    public var previous: Semver
    /// The version being published.
    public var version: Semver
    /// The changes, breaking first.
    public var changes: [ClassifiedChange]

    /// A check of `version` against `previous`.
    public init(kind: DocumentKind, name: String, previous: Semver, version: Semver, changes: [ClassifiedChange]) {
        self.kind = kind
        self.name = name
        self.previous = previous
        self.version = version
        self.changes = changes.sorted()
    }

    /// The highest level among the changes.
    public var level: ChangeLevel { changes.map(\.level).max() ?? .none }

    /// The smallest version the changes allow after ``previous``.
    public var suggestedVersion: Semver { level.minimumVersion(after: previous) }

    /// Whether ``version`` is allowed.
    public var isSatisfied: Bool { level.allows(version, after: previous) }
}

/// A version number smaller than its changes demand (the CLI exits 65).
public struct VersionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The check that failed, with the changes that demand more.
    public var check: VersionCheck

    /// The error for a check that is not satisfied.
    public init(check: VersionCheck) { self.check = check }

    public var description: String {
        let reasons = check.changes.filter { $0.level == check.level }.map { "  - \($0.message)" }.joined(
            separator: "\n")
        return "\(check.kind) \(check.name) \(check.version) is too small a step after \(check.previous): "
            + "the changes are \(check.level), so the version must be at least \(check.suggestedVersion):\n\(reasons)"
            + (check.kind == .theme
                ? "\n  (a team's release as it was tagged: theme add --keep-version publishes it as given and records why)"
                : "")
    }
}

extension VersionError: CatalogFailure {
    public var exitStatus: ExitStatus { .dataError }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}
