import CatalogUsage
import Foundation

/// What `usage scan` reads from a Swift package's manifest: the platforms it ships on.
enum PackageManifest {
    /// The platforms of the `platforms:` list of `folder/Package.swift` (`.iOS(.v17)`,
    /// `.macOS("14.0")`), or `nil` when there is no manifest or no such list.
    static func platforms(in folder: String) -> [String]? {
        guard let text = try? String(contentsOfFile: folder + "/Package.swift", encoding: .utf8),
            let start = text.range(of: "platforms:")
        else { return nil }
        // The list runs to the bracket that closes the one after `platforms:`.
        let rest = text[start.upperBound...]
        guard let open = rest.firstIndex(of: "[") else { return nil }
        var depth = 0
        var end = rest.endIndex
        for index in rest[open...].indices {
            if rest[index] == "[" { depth += 1 }
            if rest[index] == "]" {
                depth -= 1
                if depth == 0 {
                    end = index
                    break
                }
            }
        }
        let list = rest[open..<end]
        let found = Linter.platformNames.filter { list.contains("." + $0 + "(") }
        return found.isEmpty ? nil : found
    }
}
