import CatalogCodegen
import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

/// The catalog's tokens as app code names them through the generated packages
/// (``SwiftTokenNames``, the generator's own table), for both sides of usage: what
/// `usage scan` looks for, and which recorded references `usage` and `impact` map to a
/// token. Every published version counts, so a token renamed by a release is found under
/// each name it had.
public enum TokenNames {
    /// What a scan looks for: each theme's generated module, its names worked out from
    /// every version of the themes it holds the first time a file imports it; and the
    /// digest of what the scan looks for (the theme versions), kept with the project so
    /// that a scan looking for other names reads every file again.
    public static func source(in repository: Repository) throws -> (source: TokenNameSource, digest: String) {
        let versions = try repository.themeVersions().sorted { ($0.theme, $0.version) < ($1.theme, $1.version) }
        var themes: [String: [String]] = [:]
        for theme in Set(versions.map(\.theme)) {
            themes[SwiftPackageNames.module(ofTheme: theme), default: []].append(theme)
        }
        let digest = SHA256.hex(Data(versions.map { "\($0.theme)@\($0.version)" }.joined(separator: "\n").utf8))
        let (modules, shared) = (themes, SharedRepository(repository))
        let source = TokenNameSource(modules: themes.keys.sorted()) { module in
            var spellings: Set<String> = []
            for theme in modules[module] ?? [] {
                for published in try publishedVersions(of: theme, in: shared.repository) {
                    spellings.formUnion(published.names.paths.keys)
                }
            }
            return spellings
        }
        return (source, digest)
    }

    /// One place app code names a token.
    public struct Reference: Sendable {
        /// The project scanned.
        public let project: String
        /// Where, and as written.
        public let reference: TokenReference
        /// The theme and the token's path (as named by the version that spells it so).
        public let theme: String
        public let token: String
    }

    /// The recorded references, in `project` (every project when `nil`), to the tokens at
    /// `paths` of each theme, under the name any published version of it gives them.
    public static func references(
        to paths: [String: Set<String>], project: String?, in repository: Repository
    ) throws -> [Reference] {
        // No code names a token: the themes' names are not worked out.
        guard try repository.hasTokenReferences(project: project) else { return [] }
        var found: [Reference] = []
        for (theme, wanted) in paths.sorted(by: { $0.key < $1.key }) where !wanted.isEmpty {
            var tokens: [String: String] = [:]
            for published in try publishedVersions(of: theme, in: repository) {
                for (spelling, path) in published.names.paths where wanted.contains(path) { tokens[spelling] = path }
            }
            for (project, reference) in try repository.storedTokenReferences(
                spellings: Set(tokens.keys), project: project) where reference.kind == .package
            {
                found.append(
                    Reference(project: project, reference: reference, theme: theme, token: tokens[reference.spelling]!))
            }
        }
        return found.sorted {
            ($0.project, $0.reference.file, $0.reference.line, $0.reference.column) < (
                $1.project, $1.reference.file, $1.reference.line, $1.reference.column
            )
        }
    }
}

extension TokenNames {
    /// The catalog's rules over tokens named in code: a name whose token the theme's latest
    /// version deprecates (a warning, `catalog-deprecated`, with the reason the theme gives)
    /// or no longer has, though an earlier version did (an error, `catalog-removed-token`:
    /// the app's code stops compiling against the next package).
    public static func findings(for references: [TokenReference], in repository: Repository) throws
        -> [Linter.Finding]
    {
        let references = references.filter { $0.kind == .package }
        guard !references.isEmpty else { return [] }
        let written = Set(references.map(\.spelling))
        var latest: [String: (theme: String, version: Semver, path: String, deprecation: Deprecation?)] = [:]
        var earlier: [String: (theme: String, version: Semver, path: String)] = [:]
        var newest: [String: Semver] = [:]
        for theme in Set(try repository.themeVersions().map(\.theme)).sorted() {
            let versions = try publishedVersions(of: theme, in: repository)
            newest[theme] = versions.last?.version
            for published in versions {
                for (spelling, path) in published.names.paths where written.contains(spelling) {
                    if published.version == versions.last?.version {
                        latest[spelling] = (theme, published.version, path, published.theme.token(path)?.deprecation)
                    } else {
                        earlier[spelling] = (theme, published.version, path)
                    }
                }
            }
        }
        return references.compactMap { reference in
            var site = UsageSite(
                file: reference.file, line: reference.line, column: reference.column, component: reference.spelling)
            site.enclosingType = reference.enclosingType
            if let now = latest[reference.spelling] {
                guard let deprecation = now.deprecation else { return nil }
                return Linter.Finding(
                    site: site, severity: .warning,
                    message:
                        "\(reference.spelling) names \(now.path), deprecated in \(now.theme) \(now.version)"
                        + (deprecation.reason.map { ": \($0)" } ?? ""),
                    rule: Linter.deprecatedRule)
            }
            guard let then = earlier[reference.spelling] else { return nil }
            return Linter.Finding(
                site: site, severity: .error,
                message:
                    "\(reference.spelling) names \(then.path) of \(then.theme) \(then.version), which "
                    + (newest[then.theme].map { "\(then.theme) \($0)" } ?? "the theme's latest version")
                    + " no longer has under that name",
                rule: Linter.removedTokenRule)
        }
    }
}

extension TokenNames {
    /// Each published version of `theme`, oldest first, with the names its package gives.
    static func publishedVersions(of theme: String, in repository: Repository) throws -> [(
        version: Semver, theme: Theme, names: SwiftTokenNames
    )] {
        try repository.versions(ofTheme: theme).map { version in
            let loaded = try repository.theme(VersionedName(name: theme, version: version))
            return (version, loaded, SwiftTokenNames(theme: loaded))
        }
    }
}

/// The repository a ``TokenNameSource`` loads names from: the source calls its loader
/// under its own lock, so one read at a time, whichever scanning thread asks.
private final class SharedRepository: @unchecked Sendable {
    let repository: Repository
    init(_ repository: Repository) { self.repository = repository }
}
