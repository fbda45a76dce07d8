import CatalogModel
import Foundation

/// What `theme add` reads: one or more token sources in the order given (later wins),
/// and optionally sources that hold one mode's values (`light.json`, `dark.json`). The
/// files are read by the caller (the model walks no file system); a resolver document's
/// `$ref` to another file goes through ``load``.
public struct ThemeInput: Sendable {
    /// One file's bytes and names.
    public struct Source: Sendable {
        /// The name to use in messages (`tokens/colors.json`).
        public var file: String
        /// The path inside the folder it was found in (`core/colors.json`), which names a
        /// Tokens Studio set; the file name for a file given directly.
        public var relativePath: String
        /// The content.
        public var data: Data

        /// A source; `relativePath` defaults to the file's last component.
        public init(file: String, relativePath: String? = nil, data: Data) {
            self.file = file
            self.relativePath = relativePath ?? (file as NSString).lastPathComponent
            self.data = data
        }
    }

    /// A source holding the values of one mode of one dimension.
    public struct ModeSource: Sendable {
        /// The dimension the file gives values for (`colorScheme`).
        public var dimension: String
        /// The mode it holds (`dark`).
        public var mode: String
        /// The file.
        public var source: Source

        /// A mode source.
        public init(dimension: String, mode: String, source: Source) {
            self.dimension = dimension
            self.mode = mode
            self.source = source
        }
    }

    /// The sources, merged in order.
    public var sources: [Source]
    /// Per-mode sources; the first mode given for a dimension is its default.
    public var modeSources: [ModeSource]
    /// Name and version overrides.
    public var naming: ThemeReader.Naming
    /// The rules every file is read by (`theme add --format`); `nil` detects each file's.
    public var dialect: TokenDialect?
    /// Import what is valid and flag each token with a problem (`theme add`, unless `--strict`)
    /// instead of refusing the whole import.
    public var keepGoing: Bool
    /// Reads a file that a resolver document names by `$ref` (a path relative to that
    /// document); `nil` refuses such references.
    public var load: (@Sendable (_ reference: String, _ from: Source) throws -> Source)?

    /// An input.
    public init(
        sources: [Source], modeSources: [ModeSource] = [], naming: ThemeReader.Naming = .init(),
        dialect: TokenDialect? = nil, keepGoing: Bool = false,
        load: (@Sendable (_ reference: String, _ from: Source) throws -> Source)? = nil
    ) {
        self.sources = sources
        self.modeSources = modeSources
        self.naming = naming
        self.dialect = dialect
        self.keepGoing = keepGoing
        self.load = load
    }

    var fileCount: Int { sources.count + modeSources.count }
}

/// A theme read from its sources, with what the reader saw on the way.
public struct ThemeImport: Sendable {
    /// The theme.
    public var theme: Theme
    /// The format detected: "DTCG", "DTCG resolver", "Tokens Studio", "Spectrum tokens",
    /// "Style Dictionary" (or several joined by " + ").
    public var format: String
    /// How many files were read (resolver `$ref`s included).
    public var fileCount: Int
    /// Problems that do not stop the import: a token defined in two files (later wins);
    /// with `keepGoing`, the problems of the refused tokens too.
    public var warnings: [Diagnostic]
    /// Whether the version is the naming's fallback: neither the command nor the files gave one.
    public var versionDefaulted: Bool

    /// A read theme.
    public init(
        theme: Theme, format: String, fileCount: Int, warnings: [Diagnostic], versionDefaulted: Bool = false
    ) {
        self.theme = theme
        self.format = format
        self.fileCount = fileCount
        self.warnings = warnings
        self.versionDefaulted = versionDefaulted
    }
}
