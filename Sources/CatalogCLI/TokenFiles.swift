import CatalogModel
import CatalogTokenFiles
import Foundation

/// Gathers the token sources named on the command line: files, folders (every `.json`
/// and `.json5` below them, hidden files skipped, in path order) and `-` for standard input; and
/// follows a resolver document's `$ref` to a file beside it.
enum TokenFiles {
    /// The sources for `paths`, in the order given.
    static func sources(_ paths: [String]) throws -> [ThemeInput.Source] {
        var sources: [ThemeInput.Source] = []
        for given in paths {
            // `tokens/$themes.json` names a Tokens Studio export: its folder is read.
            let name = (given as NSString).lastPathComponent
            let path =
                name == "$themes.json" || name == "$metadata.json"
                ? (given as NSString).deletingLastPathComponent : given
            var isDirectory: ObjCBool = false
            if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                let files = jsonFiles(under: path)
                guard !files.isEmpty else {
                    throw DocumentError(file: path, message: "the folder holds no .json or .json5 files")
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

    /// `.json` and `.json5` files below `folder`, as paths relative to it, sorted.
    static func jsonFiles(under folder: String) -> [String] {
        Input.visibleFiles(under: folder).filter { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }
    }

    /// Reads `reference` relative to the folder of the document that names it. The file
    /// must be a regular file inside that folder's tree once links are resolved: a
    /// resolver document cannot make the catalog read anything else (`../x`, `/etc/…`, a
    /// link out of the folder, a FIFO, a device), and nothing of such a file is shown.
    @Sendable static func load(_ reference: String, from source: ThemeInput.Source) throws -> ThemeInput.Source {
        guard !reference.contains("://") else {
            throw DocumentError(file: source.file, message: "$ref \"\(reference)\": the catalog reads local files only")
        }
        let folder = source.file == "<stdin>" ? "" : (source.file as NSString).deletingLastPathComponent
        let outside =
            "leads outside the resolver document's folder; the files it names must be in that folder or below it"
        guard !reference.hasPrefix("/") else { throw DocumentError(file: reference, message: outside) }
        let path = folder.isEmpty ? reference : (folder as NSString).appendingPathComponent(reference)
        guard let root = realPath(folder.isEmpty ? "." : folder) else {
            throw DocumentError(file: folder, message: Input.unreadable(errno))
        }
        guard let target = realPath(path) else { throw DocumentError(file: path, message: Input.unreadable(errno)) }
        guard target.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw DocumentError(file: path, message: outside)
        }
        var status = stat()
        guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw DocumentError(file: path, message: "is not a regular file; a $ref names a JSON file")
        }
        let (data, _) = try Input.read(target)
        return ThemeInput.Source(file: path, relativePath: reference, data: data)
    }

    /// `path` with every link and `..` resolved, or `nil` (errno set) when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
