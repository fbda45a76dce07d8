import CatalogModel
import CatalogSystem
import Foundation

/// Reads one theme version from token sources: W3C Design Tokens (DTCG 2025.10, with
/// `$ref`, `$extends` and `$root`), the older `value`/`type` shape of Style Dictionary,
/// Spectrum and Tokens Studio, DTCG resolver documents and Tokens Studio folders (see
/// ``ThemeInput`` and ``ThemeSources``). Several sources merge into one tree first, as
/// the resolver module merges sets; values that vary by mode become the token's modes.
///
/// The read is a line of stages, each a type of its own that hands the next what it read
/// and the problems it found (``ReadProblems``): the layering (``ThemeSources``: which
/// files, in which order, for which modes, read by which format's rules), the walk
/// (``TokenWalk``: the tree into raw tokens), the settling (``TokenSettling``: each
/// token's type, modes and normalized values), the theme's name and version
/// (``identity(of:layering:naming:problems:)``), and the flagging (``TokenFlagging``:
/// every token resolved, the tree refused or its problem tokens flagged). Each format's
/// detection and rules are in its own file (`Formats/`).
///
/// Every problem is collected and thrown together as a ``DocumentError``, each placed at
/// `file:line:column` with its JSON path: malformed values, unknown types and
/// `$`-properties, undeclared modes, and every unresolved, cyclic or mistyped alias. A
/// token that cannot be read is left out of alias checking, so one failure does not
/// cascade into errors about tokens that refer to it.
public enum ThemeReader {
    /// What the file says about itself and what the command line overrides.
    public struct Naming: Sendable {
        /// `--name`, else `$extensions["catalog.theme"].name`, else the file's stem.
        public var name: String?
        /// `--version`, else `$extensions["catalog.theme"].version`.
        public var version: Semver?
        /// The name to use when neither the option nor the file gives one.
        public var fallbackName: String?
        /// The version to use when neither the option nor the file gives one and the theme
        /// is not in ``nextVersions`` (`theme add`: 1.0.0, a new theme's); `nil` makes it an error.
        public var fallbackVersion: Semver?
        /// The next patch of each theme a catalog holds, by name: the version a theme gets
        /// when neither the option nor the file gives one, once its name is decided
        /// (whether the option, the file's `catalog.theme`, a resolver or the file name gives it).
        public var nextVersions: [String: Semver]

        /// Naming overrides.
        public init(
            name: String? = nil, version: Semver? = nil, fallbackName: String? = nil, fallbackVersion: Semver? = nil,
            nextVersions: [String: Semver] = [:]
        ) {
            self.name = name
            self.version = version
            self.fallbackName = fallbackName
            self.fallbackVersion = fallbackVersion
            self.nextVersions = nextVersions
        }

        /// A file's name as the default theme name: without folders and JSON suffixes
        /// (`tokens/brand.tokens.json` → `brand`); none for standard input (`-`).
        public static func stem(of file: String) -> String? {
            guard file != "-" else { return nil }
            var stem = String(file.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
            for suffix in [".json", ".tokens", ".style", ".spec"] where stem.hasSuffix(suffix) {
                stem = String(stem.dropLast(suffix.count))
            }
            return stem
        }
    }

    /// Reads and validates a theme from one DTCG or older-shape file; `file` names it in errors.
    public static func read(_ data: Data, file: String, naming: Naming = Naming()) throws -> Theme {
        try read(ThemeInput(sources: [.init(file: file, data: data)], naming: naming)).theme
    }

    /// Reads and validates a theme from `input`, detecting its format.
    ///
    /// A read that keeps going past per-token problems is first tried as a strict one: a
    /// clean tree (the common case, and every large one measured) then never holds each
    /// token's source object for a refusal record; only a tree with problems is read again
    /// keeping them.
    public static func read(_ input: ThemeInput) throws -> ThemeImport {
        do {
            return try read(input, keepGoing: false)
        } catch is DocumentError where input.keepGoing {
            return try read(input, keepGoing: true)
        }
    }

    /// The stages, each one's output consumed by the next so that what a stage read is
    /// held no longer than it is needed.
    private static func read(_ input: ThemeInput, keepGoing: Bool) throws -> ThemeImport {
        var layering = try ThemeSources.layering(input)
        let modeBound = keepGoing ? layering.modeBoundEntries() : [:]
        let raw = TokenWalk.read(&layering, keepGoing: keepGoing)
        let (root, groups, tokenPlaces) = (raw.root, raw.groupEntries, raw.tokenPlaces)
        // What the walk let go of (the files' trees, the modes' parts of them) goes back to
        // the system before the tokens are settled: at 100k tokens with 3×3 modes the heap
        // held 24 MB of it free, which settling's small objects reused only in part.
        FreedMemory.release()
        var settling = TokenSettling(consume raw)
        let dimensions = settling.dimensions(layered: layering.declaredDimensions)
        let tokens = settling.settleTokens(dimensions: dimensions)
        let identity = Self.identity(of: root, layering: layering, naming: input.naming, problems: &settling.problems)
        let theme = Theme(
            name: identity.name, version: identity.version ?? Semver(0, 0, 0), description: identity.description,
            dimensions: dimensions, tokens: tokens, groups: groups)
        // Tokens whose references may name nothing: Tokens Studio's, and those the catalog's
        // own export lists as kept so.
        let listed = Set(
            (root.property("$extensions")?[Theme.unresolvedKey]?.array ?? []).compactMap(\.string))
        var flagging = TokenFlagging(
            problems: settling.problems, definitions: settling.definitions, tokenPlaces: tokenPlaces,
            broken: settling.broken, reportedValues: settling.reportedValues, rootFile: root.file,
            modeBound: modeBound)
        let (flagged, said) = try flagging.finish(theme, listedUnresolved: listed, keepGoing: keepGoing)
        return ThemeImport(
            theme: flagged, format: layering.format, fileCount: layering.fileCount,
            warnings: layering.warnings + settling.allWarnings + said, versionDefaulted: identity.versionDefaulted,
            signs: layering.signs)
    }

    /// A theme's name, version and description, and whether the version is
    /// ``Naming/fallbackVersion`` (neither the option nor the file gave one).
    struct Identity {
        var name: String
        var version: Semver?
        var description: String?
        var versionDefaulted = false
    }

    /// The theme's name, version and description: the command line's, else the file's
    /// (`$extensions["catalog.theme"]`, a resolver's), else the file name; a missing or
    /// invalid name or version is reported.
    static func identity(
        of root: TokenTree.Group, layering: ThemeSources.Layering, naming: Naming, problems: inout ReadProblems
    ) -> Identity {
        let rootFile = root.file
        let catalogTheme = root.property("$extensions")?["catalog.theme"]
        let description =
            root.property("$description")?.string ?? catalogTheme?["description"]?.string ?? layering.description
        let name = NameRules.canonical(
            naming.name ?? catalogTheme?["name"]?.string ?? layering.name ?? naming.fallbackName ?? "")
        var version = naming.version
        var defaulted = false
        if version == nil, let declared = catalogTheme?["version"] {
            version = declared.string.flatMap(Semver.init)
            if version == nil {
                problems.record(
                    Diagnostic(
                        file: rootFile, location: declared.location,
                        path: "$[\"$extensions\"][\"catalog.theme\"].version",
                        message: "\(declared.excerpt) is not a semantic version (MAJOR.MINOR.PATCH)"))
            }
        } else if version == nil, let fallback = naming.nextVersions[name] ?? naming.fallbackVersion {
            version = fallback
            defaulted = true
        } else if version == nil {
            problems.record(
                Diagnostic(
                    file: rootFile, location: root.location,
                    message:
                        "the file gives no version; pass --version X.Y.Z or set $extensions[\"catalog.theme\"].version")
            )
        }
        if name.isEmpty {
            problems.record(
                Diagnostic(
                    file: rootFile, location: root.location, message: "the file gives no theme name; pass --name NAME"))
        } else if let problem = NameRules.problem(with: name) {
            problems.record(
                Diagnostic(
                    file: rootFile, location: root.location,
                    message: "invalid theme name \(NameRules.quoted(name)): \(problem)"))
        }
        return Identity(
            name: name, version: version, description: description?.isEmpty == true ? nil : description,
            versionDefaulted: defaulted)
    }

    static func didYouMean(_ key: String, in candidates: [String]) -> String {
        Suggestion.closest(to: key, in: candidates).map { "; did you mean \"\($0)\"?" }
            ?? "; expected one of \(candidates.joined(separator: ", "))"
    }
}
