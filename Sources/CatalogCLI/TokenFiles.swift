import CatalogModel
import Foundation

/// Gathers the token sources named on the command line: files, folders (every `.json`
/// below them, hidden files skipped, in path order) and `-` for standard input; and
/// follows a resolver document's `$ref` to a file beside it.
enum TokenFiles {
    /// The sources for `paths`, in the order given.
    static func sources(_ paths: [String]) throws -> [ThemeInput.Source] {
        var sources: [ThemeInput.Source] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                let files = jsonFiles(under: path)
                guard !files.isEmpty else {
                    throw DocumentError(file: path, message: "the folder holds no .json files")
                }
                for relative in files {
                    let file = (path as NSString).appendingPathComponent(relative)
                    let (data, name) = try Input.read(file)
                    sources.append(ThemeInput.Source(file: name, relativePath: relative, data: data))
                }
            } else {
                let (data, name) = try Input.read(path)
                sources.append(ThemeInput.Source(file: name, data: data))
            }
        }
        return sources
    }

    /// `.json` files below `folder`, as paths relative to it, sorted.
    static func jsonFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") && name != "." {
                if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { walker.skipDescendants() }
                continue
            }
            if name.hasSuffix(".json"), (walker.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory {
                files.append(relative)
            }
        }
        return files.sorted()
    }

    /// Reads `reference` relative to the folder of the document that names it.
    @Sendable static func load(_ reference: String, from source: ThemeInput.Source) throws -> ThemeInput.Source {
        guard !reference.contains("://") else {
            throw DocumentError(file: source.file, message: "$ref \"\(reference)\": the catalog reads local files only")
        }
        let folder = source.file == "<stdin>" ? "." : (source.file as NSString).deletingLastPathComponent
        let path = reference.hasPrefix("/") ? reference : (folder as NSString).appendingPathComponent(reference)
        let (data, name) = try Input.read(path)
        return ThemeInput.Source(file: name, relativePath: reference, data: data)
    }

    /// `--mode-file DIMENSION:MODE=FILE` values as mode sources.
    static func modeSources(_ values: [String], commandPath: [String]) throws -> [ThemeInput.ModeSource] {
        try values.map { text in
            guard let equals = text.firstIndex(of: "="), let colon = text[..<equals].firstIndex(of: ":") else {
                throw UsageError(
                    "--mode-file takes DIMENSION:MODE=FILE (colorScheme:dark=dark.json), got '\(text)'",
                    commandPath: commandPath)
            }
            let dimension = String(text[..<colon])
            let mode = String(text[text.index(after: colon)..<equals])
            let file = String(text[text.index(after: equals)...])
            guard !dimension.isEmpty, !mode.isEmpty, !file.isEmpty else {
                throw UsageError(
                    "--mode-file takes DIMENSION:MODE=FILE (colorScheme:dark=dark.json), got '\(text)'",
                    commandPath: commandPath)
            }
            let (data, name) = try Input.read(file)
            return ThemeInput.ModeSource(
                dimension: dimension, mode: mode, source: ThemeInput.Source(file: name, data: data))
        }
    }

    /// The input for `paths` and `--mode-file` values.
    static func input(
        _ paths: [String], modeFiles: [String], naming: ThemeReader.Naming, dialect: TokenDialect? = nil,
        keepGoing: Bool = false, commandPath: [String]
    ) throws -> ThemeInput {
        ThemeInput(
            sources: try sources(paths), modeSources: try modeSources(modeFiles, commandPath: commandPath),
            naming: naming, dialect: dialect, keepGoing: keepGoing, load: load)
    }
}
