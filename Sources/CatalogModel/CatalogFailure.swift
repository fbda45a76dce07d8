/// The one failure protocol: an error that knows its exit status and what to say. Every
/// layer's errors conform where they are declared (SQLite's in the store and sync layers),
/// so the CLI prints any of them in a few lines, without knowing the types.
public protocol CatalogFailure: Error {
    /// The process exit status it ends a command with.
    var exitStatus: ExitStatus { get }
    /// The lines to print as `location: error: message`, given the catalog's path (some
    /// errors name it: "the disk is full while saving the catalog …").
    func failureLines(database: String?) -> [FailureLine]
    /// A closing line after the errors, such as "3 problems; nothing was changed.".
    var failureSummary: String? { get }
    /// The technical detail `--verbose` adds (SQLite result codes, SQL).
    var technicalDetail: String? { get }
}

extension CatalogFailure {
    public var failureSummary: String? { nil }
    /// More than the plain words (a statement, a result code), for `--verbose`; `nil` by default.
    public var technicalDetail: String? { nil }
}

/// One line of a failure: where (a file, `file:line:column`, or `nil` for the command's
/// own place) and what.
public struct FailureLine: Sendable, Equatable {
    /// `file:line:column`, a file, or `nil`.
    public var location: String?
    /// What went wrong and what to do.
    public var message: String

    /// A failure line.
    public init(location: String? = nil, _ message: String) {
        self.location = location
        self.message = message
    }
}

/// How a command ends, as sysexits(3) numbers the failures.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The request failed: an unknown name, a refused migration, a full disk.
    case failure = 1
    /// The command line was wrong.
    case usage = 64
    /// The input data was wrong: nothing was written.
    case dataError = 65
    /// An input file named does not exist or cannot be opened: nothing was written.
    case noInput = 66
}

extension RequestError: CatalogFailure {
    public var exitStatus: ExitStatus { .failure }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(message)] }
}

/// A context asked for wrongly is a usage mistake, whichever way it is wrong.
extension ModeContextError: CatalogFailure {
    public var exitStatus: ExitStatus { .usage }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}

extension DocumentError: CatalogFailure {
    public var exitStatus: ExitStatus { isMissingInput ? .noInput : .dataError }
    public func failureLines(database: String?) -> [FailureLine] {
        diagnostics.map { FailureLine(location: $0.place, $0.detail) }
    }
    public var failureSummary: String? {
        diagnostics.count > 1 ? "\(diagnostics.count) problems; nothing was changed." : nil
    }
}
