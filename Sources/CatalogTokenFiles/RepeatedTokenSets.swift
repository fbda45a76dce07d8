import CatalogModel
import Foundation

/// Files that are one token set over and over, each with its own values: a Figma
/// variables export of one collection per mode or per brand (`Orange.json`, `Sosh.json`,
/// `Wireframe.json`, or `Brand.Orange.json`), with or without `com.figma`. Merged file
/// over file, the last would win everywhere (thousands of "later definition wins"); each
/// is one mode of one dimension, as the tool that wrote them has it.
///
/// Files are taken to be one set over and over when there are at least two and each
/// defines at least ``minimumShare`` of the paths they define together; a layering of
/// base and overrides (a few tokens replaced) never is.
enum RepeatedTokenSets {
    /// The share of all the files' token paths that each must define.
    static let minimumShare = 0.8

    /// The files as modes of one dimension, when they are one token set over and over: the
    /// dimension (named by the files' common `<collection>.` prefix, else their folder),
    /// each file a layer merged where its mode is chosen, and the note saying so with the
    /// `--mode-file` lines that name them otherwise; `nil` when they are not.
    static func arranged(_ files: [(source: ThemeInput.Source, tree: TokenTree.Group)]) -> (
        dimension: ModeDimension, layers: [ThemeSources.Layer], note: Diagnostic
    )? {
        // Token counts tell most layerings apart before any path is listed.
        let counts = files.map(\.tree.tokenCount)
        guard files.count > 1, let most = counts.max(), let least = counts.min(),
            Double(least) >= minimumShare * Double(most)
        else { return nil }
        let paths = files.map { Set(TokenTree.tokenPaths($0.tree, prefix: [])) }
        let union = paths.reduce(into: Set<String>()) { $0.formUnion($1) }
        guard !union.isEmpty,
            paths.allSatisfy({ Double($0.count) >= minimumShare * Double(union.count) })
        else { return nil }
        let (dimensionName, modes) = names(of: files.map(\.source))
        guard Set(modes).count == modes.count else { return nil }
        let order = modes.indices.sorted { modes[$0] < modes[$1] }
        let dimension = ModeDimension(name: dimensionName, modes: order.map { modes[$0] })
        let layers = order.map { index in
            ThemeSources.Layer(modes: [ModeKey(dimensionName, modes[index])], group: files[index].tree)
        }
        let shared = paths.reduce(union) { $0.intersection($1) }.count
        let lines = order.map { "--mode-file \"\(dimensionName):\(modes[$0])=\(files[$0].source.file)\"" }
        let note = Diagnostic(
            file: files[order[0]].source.file,
            message:
                "the \(files.count) files define the same tokens (\(shared) of \(union.count) in all of them) with their own values: read as the modes of one dimension \(NameRules.quoted(dimensionName)) (\(dimension.modes.joined(separator: ", "))), \(NameRules.quoted(dimension.defaultMode)) the default as the first by name, not merged one over another; to name the dimension or modes otherwise: catalog theme add \"\(files[order[0]].source.file)\" \(lines.joined(separator: " "))"
        )
        return (dimension, layers, note)
    }

    /// The dimension's name and each file's mode: `<collection>.<mode>.json` where every
    /// file shares one collection, else the folder holding them and each file's stem.
    static func names(of sources: [ThemeInput.Source]) -> (dimension: String, modes: [String]) {
        let named = sources.map { FigmaVariables.names(of: $0.relativePath) }
        if let first = named.first??.collection, named.allSatisfy({ $0?.collection == first }) {
            return (first, named.map { $0!.mode })
        }
        var modes = sources.map { ThemeReader.Naming.stem(of: $0.relativePath) ?? $0.relativePath }
        if Set(modes).count < modes.count {
            modes = sources.map { source in
                var path = source.relativePath
                for suffix in [".json5", ".json"] where path.hasSuffix(suffix) {
                    path = String(path.dropLast(suffix.count))
                }
                return path
            }
        }
        let folders = sources.map { ($0.file as NSString).deletingLastPathComponent }
        var common = folders[0]
        for folder in folders.dropFirst() {
            while !common.isEmpty, folder != common, !folder.hasPrefix(common + "/") {
                common = (common as NSString).deletingLastPathComponent
            }
        }
        let folder = (common as NSString).lastPathComponent
        let dimension = folder.isEmpty || folder == "." || folder == "/" || folder.contains("=") ? "mode" : folder
        return (dimension, modes)
    }
}
