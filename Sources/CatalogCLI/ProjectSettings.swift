import CatalogModel
import CatalogSystem
import CatalogUsage
import Foundation

/// The project file, `.catalog.json`, found upward from the working directory as git and
/// swift-format find theirs: what a team would otherwise repeat on every command.
///
///     {
///       "database": "design-system/catalog.db",
///       "project": "Shop",
///       "sources": ["Sources", "Widgets"],
///       "platforms": ["iOS 17", "macOS 14"],
///       "theme": "DesignFoundation"
///     }
///
/// Paths are relative to the file's folder. A flag given on the command line (and, for the
/// database, `$CATALOG_DB`) overrides the file; `catalog config` shows what is in force and
/// where it comes from. A key the catalog does not know is an error, with the nearest it
/// knows: a misspelt setting must not be ignored.
package struct ProjectSettings: Equatable {
    /// The file's name.
    package static let fileName = ".catalog.json"
    /// The keys the file may hold.
    static let keys = ["database", "project", "sources", "platforms", "theme"]

    /// The file, absolute.
    package var file: String
    /// The catalog database, absolute.
    package var database: String?
    /// The name `usage scan`, `usage`, `lint` and `impact` record and read call sites under.
    package var project: String?
    /// What `usage scan` scans when no path is given, absolute.
    package var sources: [String]?
    /// The deployment targets (`iOS 17`), for `usage scan` and `lint`.
    package var platforms: [DeploymentTarget]?
    /// The theme `export swift` exports and `style resolve` resolves in, when not given.
    package var theme: VersionedName?

    /// The settings that apply in the working folder: the nearest `.catalog.json` in it or
    /// above it, or none. Where the working folder cannot be read (deleted under the
    /// process, a path longer than the system names), there is nothing to search upward
    /// from: no settings, and `unreadableFolder` says why, for a warning.
    package static func forWorkingFolder() throws -> (settings: ProjectSettings?, unreadableFolder: String?) {
        let folder: String
        do {
            folder = try WorkingFolder.path()
        } catch {
            return (nil, WorkingFolder.reason(error))
        }
        return (try find(from: folder), nil)
    }

    /// The settings of the nearest `.catalog.json` in `directory` (absolute) or above it, if
    /// any. An entry of that name that is not a regular file — a FIFO that would block every
    /// command, a socket, a folder, a link to nothing or a link loop — is refused, naming it,
    /// rather than skipped: skipping it would apply a parent folder's settings (perhaps
    /// another database) without a word.
    package static func find(from directory: String) throws -> ProjectSettings? {
        var folder = directory.hasPrefix("/") ? directory : "/" + directory
        // Each step drops one component, so the climb ends at "/" whatever the path holds.
        while true {
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            let candidate = folder == "/" ? "/" + fileName : folder + "/" + fileName
            switch entry(candidate) {
            case .absent: break
            case .file: return try read(candidate)
            case .refused(let reason): throw DocumentError(file: candidate, message: reason)
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// What is at a project file's path.
    private enum Entry {
        /// Nothing: the search goes on upward.
        case absent
        /// A regular file, directly or through links.
        case file
        /// Something else, and why it is not a project file.
        case refused(String)
    }

    /// What is at `path`.
    private static func entry(_ path: String) -> Entry {
        var entry = stat()
        guard lstat(path, &entry) == 0 else { return .absent }
        var target = stat()
        guard stat(path, &target) == 0 else {
            if errno == ELOOP {
                return .refused(
                    "is a symbolic link loop; a project file must be a regular file (remove the link or point it at one)"
                )
            }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(path, &target, Int(PATH_MAX))
            let named =
                length > 0
                ? " \(NameRules.quoted(String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)))"
                : ""
            return .refused(
                "is a symbolic link to\(named), which does not exist; a project file must be a regular file")
        }
        switch target.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .refused("is a folder; a project file is a JSON file")
        default:
            return .refused(
                "is not a regular file (a FIFO, a socket or a device), so it is not read; a project file is a JSON file"
            )
        }
    }

    /// The settings in the file at `path`; throws naming the place of what is wrong.
    package static func read(_ path: String) throws -> ProjectSettings {
        let (data, name) = try DocumentFiles.read(path, limit: 1 << 20)
        let json = try JSONParser.parse(data, file: name)
        guard case .object(let members) = json.kind else {
            throw DocumentError(file: name, location: json.location, message: "a project file holds one JSON object")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let absolute = { (relative: String) in
            relative.hasPrefix("/") ? relative : (folder as NSString).appendingPathComponent(relative)
        }
        var settings = ProjectSettings(file: path)
        for (key, value) in members {
            func problem(_ message: String) -> DocumentError {
                DocumentError(file: name, location: value.location, path: "$.\(key)", message: message)
            }
            func text() throws -> String {
                guard let text = value.string, !text.isEmpty else { throw problem("expected a non-empty string") }
                return text
            }
            func texts() throws -> [String] {
                guard let items = value.array, !items.isEmpty, items.allSatisfy({ !($0.string ?? "").isEmpty }) else {
                    throw problem("expected an array of non-empty strings")
                }
                return items.compactMap(\.string)
            }
            switch key {
            case "database": settings.database = absolute(try text())
            case "project": settings.project = try text()
            case "sources": settings.sources = try texts().map(absolute)
            case "platforms":
                settings.platforms = try texts().map { text in
                    guard let target = DeploymentTarget(text) else {
                        throw problem("\(NameRules.quoted(text)) is not a platform with an optional version (iOS 17)")
                    }
                    return target
                }
            case "theme":
                let text = try text()
                guard let reference = VersionedName(text) else { throw problem("expected a theme NAME or NAME@X.Y.Z") }
                settings.theme = reference
            default:
                let hint = Suggestion.closest(to: key, in: keys).map { "did you mean \"\($0)\"? " } ?? ""
                throw DocumentError(
                    file: name, location: value.location, path: "$.\(key)",
                    message:
                        "unknown setting \(NameRules.quoted(key)); \(hint)a project file holds \(keys.joined(separator: ", "))"
                )
            }
        }
        return settings
    }
}
