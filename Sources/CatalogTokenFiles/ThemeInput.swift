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
        /// For a copy of a DTCG file with some tokens blanked out (a republication by
        /// difference reads only some tokens), what the blanked tokens say of the rules the
        /// file is read by: the copy alone would not tell.
        public var blanked: DialectSigns?

        /// A source; `relativePath` defaults to the file's last component.
        public init(file: String, relativePath: String? = nil, data: Data, blanked: DialectSigns? = nil) {
            self.file = file
            self.relativePath = relativePath ?? (file as NSString).lastPathComponent
            self.data = data
            self.blanked = blanked
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

        /// A mode source; its names in NFC (``NameForm``).
        public init(dimension: String, mode: String, source: Source) {
            self.dimension = NameForm.normalized(dimension)
            self.mode = NameForm.normalized(mode)
            self.source = source
        }
    }

    /// Which sets of a Tokens Studio export are layered, chosen by name rather than by its
    /// `$themes`: sets always layered (`base`, in `tokenSetOrder`) and sets layered where
    /// one mode of a dimension is chosen; every other set is in no context.
    public struct SetChoice: Sendable, Equatable {
        /// A set layered where one mode is chosen; `set` `nil` for a mode of no set of its own.
        public struct ModeSet: Sendable, Equatable {
            /// The dimension (`look`).
            public var dimension: String
            /// The mode (`wireframe`); the first given for a dimension is its default.
            public var mode: String
            /// The set's name as the export names it (`themes/wireframe`).
            public var set: String?

            /// A mode's set; names in NFC (``NameForm``).
            public init(dimension: String, mode: String, set: String?) {
                self.dimension = NameForm.normalized(dimension)
                self.mode = NameForm.normalized(mode)
                self.set = set
            }
        }

        /// The sets layered in every context.
        public var base: [String]
        /// The sets layered per mode, in the order given.
        public var modes: [ModeSet]

        /// A choice.
        public init(base: [String] = [], modes: [ModeSet] = []) {
            self.base = base
            self.modes = modes
        }

        /// The choice as lines, in order: what a republication's state is keyed by.
        public var lines: [String] {
            base.map { "set \($0)" } + modes.map { "mode set \($0.dimension)=\($0.mode)=\($0.set ?? "")" }
        }
    }

    /// The sources, merged in order.
    public var sources: [Source]
    /// The sets of a Tokens Studio export to layer, where they are chosen by name.
    public var setChoice: SetChoice?
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
    /// Hears how far the reader is through each file's bytes: a plain token file's tokens
    /// are parsed as they are read, so a file of 300,000 tokens reports as it goes (the
    /// bytes up to the token just read, of the file's); another file, once read whole.
    public var reading: (@Sendable (_ file: String, _ done: Int, _ total: Int) -> Void)? = nil

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
    /// For each plain DTCG file read (by file name), what its tokens say of its dialect.
    public var signs: [String: DialectSigns] = [:]

    /// A read theme.
    public init(
        theme: Theme, format: String, fileCount: Int, warnings: [Diagnostic], versionDefaulted: Bool = false,
        signs: [String: DialectSigns] = [:]
    ) {
        self.signs = signs
        self.theme = theme
        self.format = format
        self.fileCount = fileCount
        self.warnings = warnings
        self.versionDefaulted = versionDefaulted
    }
}

/// What a DTCG file's tokens say of the rules it is read by, beyond its root: whether one
/// of their values is a draft-style string (`"#ff0000"`, `"4px"`), and whether one carries
/// Figma's export extension (``DTCGFormat/detect(_:draftStringsElsewhere:figmaElsewhere:)``).
public struct DialectSigns: Sendable, Hashable {
    /// Whether a token's value is a draft-style string.
    public var draftStrings: Bool
    /// Whether a token carries `$extensions["com.figma"]`.
    public var figma: Bool

    /// Signs.
    public init(draftStrings: Bool = false, figma: Bool = false) {
        self.draftStrings = draftStrings
        self.figma = figma
    }

    /// Both signs, of two sets of tokens.
    public func union(_ other: DialectSigns) -> DialectSigns {
        DialectSigns(draftStrings: draftStrings || other.draftStrings, figma: figma || other.figma)
    }
}
