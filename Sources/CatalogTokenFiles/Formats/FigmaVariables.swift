import CatalogModel
import Foundation

/// Figma's variables export: one DTCG file per collection and mode, named
/// `<collection>.<mode>.json` (`⭕️ Border radius.Pill.json`), each token carrying
/// `$extensions["com.figma"]`. Read as Figma lays them out: a collection with one mode is
/// a plain file; a collection with several is a mode dimension of that name, each file one
/// of its modes. The files do not say which mode is the collection's default (Figma's
/// first): the first by name is taken, and said, and `--mode-file` chooses another.
enum FigmaVariables {
    /// Figma's DTCG-shaped export, each token carrying `$extensions["com.figma"]`: its own
    /// `string` and `boolean` types, no math, and references that take their target's value
    /// whatever either type (Figma aliases variables across types).
    static let rules = TokenRules().with {
        $0.trimsReferences = true
        $0.acceptsAliasesAcrossTypes = true
    }

    /// Whether a token in `value` carries Figma's export extension.
    static func isFigmas(_ value: JSON, depth: Int = 0) -> Bool {
        guard depth < 64, let members = value.object else { return false }
        if value["$value"] != nil { return value["$extensions"]?["com.figma"] != nil }
        return members.contains { !$0.key.hasPrefix("$") && isFigmas($0.value, depth: depth + 1) }
    }

    /// The marker every exported token carries.
    private static let marker = Data("\"com.figma\"".utf8)

    /// `sources` laid out as collections and modes when every one is a Figma variables
    /// export file of that naming and at least one collection has several modes; `nil`
    /// otherwise (they are then read as they are given).
    static func arranged(_ sources: [ThemeInput.Source]) -> (
        sources: [ThemeInput.Source], modeSources: [ThemeInput.ModeSource], notes: [Diagnostic]
    )? {
        guard sources.count > 1 else { return nil }
        var collections: [(name: String, files: [(mode: String, source: ThemeInput.Source)])] = []
        for source in sources {
            guard let (collection, mode) = names(of: source.relativePath), source.data.range(of: marker) != nil
            else { return nil }
            if let index = collections.firstIndex(where: { $0.name.utf8.elementsEqual(collection.utf8) }) {
                collections[index].files.append((mode, source))
            } else {
                collections.append((collection, [(mode, source)]))
            }
        }
        // A mode's files may be several (the same collection in two exported Figma files):
        // one mode, its files merged.
        func modeNames(_ files: [(mode: String, source: ThemeInput.Source)]) -> [String] {
            Array(Set(files.map(\.mode))).sorted()
        }
        guard collections.contains(where: { modeNames($0.files).count > 1 }) else { return nil }
        var plain: [ThemeInput.Source] = []
        var modes: [ThemeInput.ModeSource] = []
        var notes: [Diagnostic] = []
        for collection in collections {
            let names = modeNames(collection.files)
            guard names.count > 1 else {
                plain += collection.files.map(\.source)
                continue
            }
            let files = collection.files.sorted { ($0.mode, $0.source.file) < ($1.mode, $1.source.file) }
            for (mode, source) in files {
                modes.append(ThemeInput.ModeSource(dimension: collection.name, mode: mode, source: source))
            }
            notes.append(
                Diagnostic(
                    file: files[0].source.file,
                    message:
                        "Figma variables collection \(NameRules.quoted(collection.name)) has \(names.count) modes (\(names.joined(separator: ", "))); its default is taken to be \(NameRules.quoted(names[0])), the first by name (the export does not say Figma's; --mode-file \(collection.name):MODE=FILE gives it first)"
                ))
        }
        // Only multi-mode collections: the first one's default file is the base as well (as
        // `theme add A --mode-file D:M=A` gives it), so that the theme has a base to start from.
        if plain.isEmpty, let first = modes.first { plain.append(first.source) }
        return (plain, modes, notes)
    }

    /// The collection and mode a file's name gives: `<collection>.<mode>.json`, the
    /// collection without the emoji and spaces a name may start with (`⭕️ Border radius`
    /// is the dimension `Border radius`).
    static func names(of path: String) -> (collection: String, mode: String)? {
        let name = (path as NSString).lastPathComponent
        guard name.hasSuffix(".json") else { return nil }
        let stem = name.dropLast(5)
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        let collection = stem[..<dot].drop { character in
            character.isWhitespace || character.unicodeScalars.contains { !$0.isASCII && $0.properties.isEmoji }
        }
        let mode = stem[stem.index(after: dot)...]
        guard !collection.isEmpty, !mode.isEmpty, !collection.contains("="), !mode.contains("=") else { return nil }
        return (NameForm.normalized(String(collection)), NameForm.normalized(String(mode)))
    }
}
