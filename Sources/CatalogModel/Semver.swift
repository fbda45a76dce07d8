/// A semantic version (semver.org 2.0.0): `MAJOR.MINOR.PATCH[-prerelease][+build]`.
/// Versions order by precedence; build metadata is kept but does not affect order.
public struct Semver: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Incremented for breaking changes.
    public var major: Int
    /// Incremented for additive changes.
    public var minor: Int
    /// Incremented for cosmetic changes.
    public var patch: Int
    /// Dot-separated prerelease identifiers (`["beta", "2"]`); empty for a release.
    public var prerelease: [String]
    /// Dot-separated build identifiers; ignored for precedence.
    public var build: [String]

    /// A release version.
    public init(_ major: Int, _ minor: Int, _ patch: Int, prerelease: [String] = [], build: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.build = build
    }

    /// Parses `text`, or returns `nil` when it is not a semantic version.
    public init?(_ text: String) {
        var rest = Substring(text)
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(
                String.init)
            rest = rest[..<plus]
            guard build.allSatisfy(Self.isIdentifier) else { return nil }
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false)
                .map(String.init)
            rest = rest[..<dash]
            guard prerelease.allSatisfy({ Self.isIdentifier($0) && !Self.hasLeadingZero($0) }) else { return nil }
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3,
            core.allSatisfy({
                !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && !Self.hasLeadingZero(String($0))
            }),
            let major = Int(core[0]), let minor = Int(core[1]), let patch = Int(core[2])
        else { return nil }
        self.init(major, minor, patch, prerelease: prerelease, build: build)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
            }
    }

    private static func hasLeadingZero(_ text: String) -> Bool {
        text.count > 1 && text.first == "0" && text.allSatisfy(\.isNumber)
    }

    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    /// The prerelease part as one string ("" for a release), for storage and sorting.
    public var prereleaseText: String { prerelease.joined(separator: ".") }

    public static func < (lhs: Semver, rhs: Semver) -> Bool {
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
        if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true): return false
        case (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (a, b) in zip(lhs.prerelease, rhs.prerelease) where a != b {
            switch (Int(a), Int(b)) {
            case (let x?, let y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    /// Equality ignores build metadata, like precedence.
    public static func == (lhs: Semver, rhs: Semver) -> Bool {
        lhs.major == rhs.major && lhs.minor == rhs.minor && lhs.patch == rhs.patch && lhs.prerelease == rhs.prerelease
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }

    /// Decodes `"1.2.3"`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = Semver(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "invalid semver \(text)"))
        }
        self = version
    }

    /// Encodes as `"1.2.3"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// `NAME@VERSION` references on the command line (`DesignFoundation@1.1.2`); the version
/// is optional and means "latest" when absent.
public struct VersionedName: Sendable, Hashable, CustomStringConvertible {
    /// The name.
    public var name: String
    /// The version, or `nil` for the latest.
    public var version: Semver?

    /// A reference.
    public init(name: String, version: Semver? = nil) {
        self.name = NameRules.canonical(name)
        self.version = version
    }

    /// Parses `NAME` or `NAME@X.Y.Z` (split at the last `@`); `nil` when the version part is
    /// not semver or the name is empty.
    public init?(_ text: String) {
        guard let at = text.lastIndex(of: "@") else {
            guard !text.isEmpty else { return nil }
            self.init(name: text)
            return
        }
        let name = String(text[..<at])
        guard !name.isEmpty, let version = Semver(String(text[text.index(after: at)...])) else { return nil }
        self.init(name: name, version: version)
    }

    public var description: String { version.map { "\(name)@\($0)" } ?? name }
}
