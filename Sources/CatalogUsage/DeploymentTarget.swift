import Foundation

/// A platform a project ships on, with its minimum version when known: `iOS 26.0`,
/// `macOS` (version not known). Written and read as that text (`--platforms iOS 26,macOS`,
/// the stored project).
public struct DeploymentTarget: Sendable, Hashable, CustomStringConvertible {
    /// `iOS`, `macOS`, … (one of ``Linter/platformNames``).
    public var platform: String
    /// The minimum version's components (`[26, 0]`), `nil` when not known.
    public var version: [Int]?

    /// A target.
    public init(platform: String, version: [Int]? = nil) {
        self.platform = platform
        self.version = version
    }

    /// Reads `iOS`, `iOS 26`, `iOS 26.1` or `iOS26`; `nil` unless the name is one of
    /// ``Linter/platformNames`` and the version is up to three numbers below 10,000.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let platform = Linter.platformNames.first(where: { trimmed.hasPrefix($0) }) else { return nil }
        let rest = trimmed.dropFirst(platform.count).trimmingCharacters(in: .whitespaces)
        self.platform = platform
        if rest.isEmpty {
            version = nil
        } else {
            guard let version = Self.version(rest) else { return nil }
            self.version = version
        }
    }

    /// `26.0` → `[26, 0]`; `nil` for anything but one to three numbers below 10,000.
    public static func version(_ text: some StringProtocol) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        let numbers = parts.compactMap { part in
            part.count <= 4 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) ? Int(part) : nil
        }
        return numbers.count == parts.count ? numbers : nil
    }

    public var description: String {
        platform + (version.map { " " + $0.map(String.init).joined(separator: ".") } ?? "")
    }

    /// Whether the target is at least `required` (`26.0`): then code needs no
    /// `#available` check for it. An unknown version is not.
    public func covers(_ required: String) -> Bool {
        guard let version, let needed = Self.version(required) else { return false }
        return !Self.precedes(version, needed)
    }

    /// Whether version `a` comes before `b`, missing components being 0 (`26` = `26.0`).
    static func precedes(_ a: [Int], _ b: [Int]) -> Bool {
        for index in 0..<max(a.count, b.count) {
            let (left, right) = (index < a.count ? a[index] : 0, index < b.count ? b[index] : 0)
            if left != right { return left < right }
        }
        return false
    }

    /// The targets of a list, one per platform: where one platform is given twice (two
    /// targets of an Xcode project), the lower version, and an unknown one over any.
    public static func merged(_ targets: [DeploymentTarget]) -> [DeploymentTarget] {
        var byPlatform: [String: DeploymentTarget] = [:]
        for target in targets {
            guard let known = byPlatform[target.platform] else {
                byPlatform[target.platform] = target
                continue
            }
            if let have = known.version, let other = target.version {
                if precedes(other, have) { byPlatform[target.platform] = target }
            } else {
                byPlatform[target.platform]?.version = nil
            }
        }
        return Linter.platformNames.compactMap { byPlatform[$0] }
    }
}
