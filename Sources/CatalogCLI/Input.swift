import CatalogModel
import CatalogSystem
import Foundation

/// What the CLI adds to reading documents (``DocumentFiles``): naming the file in a
/// refusal of what it held, and a default theme name from a file's.
enum Input {
    /// Runs `body`, which publishes or applies the document read from `name`, and names
    /// the file in any refusal that does not already place itself in it (a version
    /// conflict, a missing theme, a changeset from another catalog).
    static func attributing<T>(to name: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DocumentError {
            throw error
        } catch {
            throw InputFailure(file: name, error: error)
        }
    }

    /// The file name without folders and JSON suffixes, for a default theme name.
    static func stem(of name: String) -> String {
        var stem = (name as NSString).lastPathComponent
        for suffix in [".json", ".tokens", ".style", ".spec"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return stem
    }
}

/// A refusal of the document in `file`; reported as `error`, with the file named first.
struct InputFailure: Error {
    let file: String
    let error: any Error
}
