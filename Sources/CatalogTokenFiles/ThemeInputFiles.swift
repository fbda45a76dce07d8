import CatalogModel
import CatalogSystem
import Foundation

/// Token sources read from disk: files, folders (every `.json` and `.json5` below them,
/// hidden files skipped, in path order) and `-` for standard input; a resolver document's
/// `$ref` followed to a file inside the document's folder, nowhere else. What a library
/// user reading a theme from disk gets, the CLI too.
extension ThemeInput {
    /// A file holding one mode's values (`--mode-file colorScheme:dark=dark.json`).
    public struct ModeFile: Sendable, Equatable {
        public var dimension: String
        public var mode: String
        public var path: String

        public init(dimension: String, mode: String, path: String) {
            self.dimension = dimension
            self.mode = mode
            self.path = path
        }
    }

    /// The input read from `paths` (in merge order), `modeFiles` and the sets chosen of a
    /// Tokens Studio export (`setChoice`), each file bounded
    /// (``DocumentFiles``); a resolver's `$ref`s are confined to its folder (``load(_:from:)``).
    public static func files(
        _ paths: [String], modeFiles: [ModeFile] = [], setChoice: SetChoice? = nil, naming: ThemeReader.Naming,
        dialect: TokenDialect? = nil, keepGoing: Bool = false,
        reading: (@Sendable (_ file: String, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> ThemeInput {
        var modeSources = try modeFiles.map { file in
            let (data, name) = try DocumentFiles.read(file.path)
            return ModeSource(dimension: file.dimension, mode: file.mode, source: Source(file: name, data: data))
        }
        // An asset catalog brings its appearances and idioms as modes (``AssetCatalogFormat``).
        var catalogSources: [Source] = []
        for path in paths where AssetCatalogFormat.isCatalog(path) {
            let (base, modes) = try AssetCatalogFormat.sources(of: path)
            catalogSources.append(base)
            modeSources += modes
        }
        var input = ThemeInput(
            sources: try sources(paths.filter { !AssetCatalogFormat.isCatalog($0) }) + catalogSources,
            modeSources: modeSources, naming: naming, dialect: dialect, keepGoing: keepGoing, load: load)
        input.reading = reading
        input.setChoice = setChoice
        return input
    }

    /// The sources for `paths`, in the order given.
    public static func sources(_ paths: [String]) throws -> [Source] {
        var sources: [Source] = []
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
                    let (data, name) = try DocumentFiles.read(file)
                    sources.append(Source(file: name, relativePath: relative, data: data))
                }
            } else {
                let (data, name) = try DocumentFiles.read(path)
                sources.append(Source(file: name, data: data))
            }
        }
        return sources
    }

    /// `.json` and `.json5` files below `folder`, as paths relative to it, sorted.
    public static func jsonFiles(under folder: String) -> [String] {
        DocumentFiles.visibleFiles(under: folder).filter { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }
    }

    /// Reads `reference` relative to the folder of the document that names it. The file
    /// must be a regular file inside that folder's tree once links are resolved: a
    /// resolver document cannot make the catalog read anything else (`../x`, `/etc/…`, a
    /// link out of the folder, a FIFO, a device), and nothing of such a file is shown.
    @Sendable public static func load(_ reference: String, from source: Source) throws -> Source {
        guard !reference.contains("://") else {
            throw DocumentError(file: source.file, message: "$ref \"\(reference)\": the catalog reads local files only")
        }
        let folder = source.file == "<stdin>" ? "" : (source.file as NSString).deletingLastPathComponent
        let outside =
            "leads outside the resolver document's folder; the files it names must be in that folder or below it"
        guard !reference.hasPrefix("/") else { throw DocumentError(file: reference, message: outside) }
        let path = folder.isEmpty ? reference : (folder as NSString).appendingPathComponent(reference)
        guard let root = realPath(folder.isEmpty ? "." : folder) else {
            throw DocumentError(file: folder, message: DocumentFiles.unreadable(errno))
        }
        guard let target = realPath(path) else {
            throw DocumentError(file: path, message: DocumentFiles.unreadable(errno))
        }
        guard target.hasPrefix(root == "/" ? "/" : root + "/") else {
            throw DocumentError(file: path, message: outside)
        }
        var status = stat()
        guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw DocumentError(file: path, message: "is not a regular file; a $ref names a JSON file")
        }
        let (data, _) = try DocumentFiles.read(target)
        return Source(file: path, relativePath: reference, data: data)
    }

    /// `path` with every link and `..` resolved, or `nil` (errno set) when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
