import CatalogModel

/// What a read found wrong, each problem said once, in the order found: what the reader's
/// stages report into and hand on.
struct ReadProblems {
    /// The problems, in the order found.
    private(set) var diagnostics: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []

    /// Adds `diagnostic` unless it was said already.
    mutating func record(_ diagnostic: Diagnostic) {
        if seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    var isEmpty: Bool { diagnostics.isEmpty }
}

/// A stage of the read: it records what it finds wrong into the problems it hands on.
protocol ProblemRecording {
    var problems: ReadProblems { get set }
}

extension ProblemRecording {
    mutating func record(_ diagnostic: Diagnostic) { problems.record(diagnostic) }

    /// Records `message` at `value`'s place, JSON path `path` of `file`.
    mutating func report(_ message: String, at value: JSON, path: @autoclosure () -> String, file: String) {
        record(Diagnostic(file: file, location: value.location, path: path(), message: message))
    }
}

/// A remark about many tokens of one file, said once for the file.
struct FileNote {
    /// What the note is about.
    enum Kind: Int, Comparable {
        /// Color values read without members a color does not have.
        case ignoredColorMembers
        /// Per-mode values in another tool's `$extensions`, kept but not read as modes.
        case vendorModes

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// A note's file and kind.
    struct Key: Hashable {
        var file: String
        var kind: Kind
    }

    var kind: Kind
    var count: Int
    var names: Set<String>
    var first: Diagnostic

    /// Counts one token's `names` in the note of `kind` for `file`.
    static func add(
        _ kind: Kind, _ names: some Sequence<String>, place: JSON, path: String, file: String,
        to notes: inout [Key: FileNote]
    ) {
        let key = Key(file: file, kind: kind)
        if notes[key] == nil {
            notes[key] = FileNote(
                kind: kind, count: 0, names: [],
                first: Diagnostic(file: file, location: place.location, path: path, message: ""))
        }
        notes[key]!.count += 1
        notes[key]!.names.formUnion(names)
    }

    /// The warning said for the file.
    var warning: Diagnostic {
        let quoted = names.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        let tokens = count == 1 ? "a token" : "\(count) tokens"
        var warning = first
        switch kind {
        case .ignoredColorMembers:
            warning.message =
                "\(count == 1 ? "a color value carries" : "\(count) color values carry") \(quoted), which a color does not have (DTCG's Color module: colorSpace, components, alpha, 6-digit hex); read without \(names.count == 1 ? "it" : "them")"
        case .vendorModes:
            warning.message =
                "\(tokens) carry per-mode values in $extensions \(quoted), which the catalog keeps as written but does not read as modes (it reads modes from mode files, Tokens Studio themes, resolver contexts and $extensions[\"catalog.modes\"])"
        }
        if count > 1 { warning.message += "; the first is here" }
        return warning
    }
}
