import CatalogModel
import SQLite

// The store's errors, and SQLite's, as catalog failures.

extension StoreError: CatalogFailure {
    /// Another application's file is bad input (65); a missing catalog is a failure (1).
    public var exitStatus: ExitStatus {
        if case .notACatalog = self { return .dataError }
        return .failure
    }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}

extension PublishError: CatalogFailure {
    public var exitStatus: ExitStatus { .dataError }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}

extension MigrationError: CatalogFailure {
    public var exitStatus: ExitStatus { .failure }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}

extension SQLiteError: CatalogFailure {
    /// Said in plain words ("the disk is full while saving the catalog …"); the SQLite
    /// result code and SQL are the technical detail.
    public var exitStatus: ExitStatus { .failure }
    public func failureLines(database: String?) -> [FailureLine] {
        [FailureLine(plainDescription(database: database ?? "?"))]
    }
    /// SQLite's own message, result code and statement.
    public var technicalDetail: String? { description }
}

extension ChangesetFormatError: CatalogFailure {
    /// A changeset blob that is not what it claims: bad input.
    public var exitStatus: ExitStatus { .dataError }
    public func failureLines(database: String?) -> [FailureLine] { [FailureLine(description)] }
}

extension RowError: CatalogFailure {
    /// A row that breaks the schema's promises: the file was damaged or edited by hand.
    public var exitStatus: ExitStatus { .failure }
    public func failureLines(database: String?) -> [FailureLine] {
        [FailureLine("the catalog \(database.map { $0 + " " } ?? "")is damaged: \(description); run 'catalog check'")]
    }
}

extension ColumnReading {
    /// The token type in column `index`; throws ``RowError`` when it is not one.
    func tokenType(_ index: Int) throws -> TokenType {
        guard let type = TokenType(rawValue: try text(index)) else { throw mismatch(index, expected: "a token type") }
        return type
    }

    /// The semantic version in column `index`; throws ``RowError`` when it is not one.
    func semver(_ index: Int) throws -> Semver {
        let text = try text(index)
        guard let version = Semver(text) else { throw mismatch(index, expected: "a semantic version") }
        return version
    }
}
