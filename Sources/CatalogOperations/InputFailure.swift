import CatalogModel

/// A refusal of what the file `file` held (a version conflict, a missing theme, a
/// changeset from another catalog), for errors that do not place themselves in a file:
/// reported as `error`, with the file named first.
public struct InputFailure: Error {
    /// The file, as the user named it.
    public let file: String
    /// The refusal.
    public let error: any Error

    /// Runs `body`, which publishes or applies the document read from `file`, and names the
    /// file in any refusal that does not already place itself in it.
    public static func attributing<T>(to file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DocumentError {
            throw error
        } catch {
            throw InputFailure(file: file, error: error)
        }
    }
}
