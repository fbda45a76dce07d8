/// A request the catalog cannot answer as asked: an unknown name, version or mode, an
/// ambiguous reference. The message says what exists instead. The CLI exits 1.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what would work.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
