import Foundation

// The records the catalog's store hands back, as plain values: what `theme list`,
// `style list`, `spec list`, `seed` and `migrate --status` print. They live in the model
// so that a client of the use cases (the CLI) reads them without depending on the store.

/// One line of `catalog theme list`.
public struct ThemeSummary: Sendable, Equatable {
    /// The theme's name.
    public var name: String
    /// This version.
    public var version: Semver
    /// The theme's description, if it has one.
    public var description: String?
    /// How many tokens the version holds.
    public var tokenCount: Int
    /// How many of them are deprecated.
    public var deprecatedCount: Int
    /// Its mode dimensions (none for a single-mode theme).
    public var dimensions: [ModeDimension]
    /// When it was published (ISO 8601).
    public var publishedAt: String

    /// A theme version's line.
    public init(
        name: String, version: Semver, description: String?, tokenCount: Int, deprecatedCount: Int,
        dimensions: [ModeDimension], publishedAt: String
    ) {
        self.name = name
        self.version = version
        self.description = description
        self.tokenCount = tokenCount
        self.deprecatedCount = deprecatedCount
        self.dimensions = dimensions
        self.publishedAt = publishedAt
    }
}

extension ThemeSummary {
    /// The version without its tokens: its name, version and mode dimensions, which is all
    /// that naming a mode or a generated module needs.
    public var header: Theme { Theme(name: name, version: version, dimensions: dimensions, tokens: []) }
}

/// One line of `catalog style list`.
public struct StyleSummary: Sendable, Equatable {
    /// The style's name (`DFButton.filled`).
    public var name: String
    /// This version.
    public var version: Semver
    /// The component it draws.
    public var component: String
    /// The protocol it conforms to (`ButtonStyle`, `PrimitiveButtonStyle`).
    public var conformance: String
    /// The theme it reads its tokens from, if any.
    public var theme: String?
    /// Its description, if it has one.
    public var description: String?

    /// A style version's line.
    public init(
        name: String, version: Semver, component: String, conformance: String, theme: String?, description: String?
    ) {
        self.name = name
        self.version = version
        self.component = component
        self.conformance = conformance
        self.theme = theme
        self.description = description
    }
}

/// One line of `catalog spec list`.
public struct SpecSummary: Sendable, Equatable {
    /// The component's name.
    public var name: String
    /// The design system it belongs to.
    public var system: String
    /// Every published version, oldest first.
    public var versions: [Semver]
    /// The latest version's summary, if it has one.
    public var summary: String?

    /// A spec's line.
    public init(name: String, system: String, versions: [Semver], summary: String?) {
        self.name = name
        self.system = system
        self.versions = versions
        self.summary = summary
    }
}

/// A file of a seed set: its path relative to the seed folder and its bytes.
public struct SeedFile: Sendable {
    /// The path relative to the seed folder.
    public var path: String
    /// The file's bytes.
    public var data: Data

    /// A seed file.
    public init(path: String, data: Data) {
        self.path = path
        self.data = data
    }
}

/// What `catalog seed` loaded.
public struct SeedReport: Sendable {
    /// One published item.
    public struct Item: Sendable, Equatable {
        /// Theme, style or spec.
        public var kind: DocumentKind
        /// Its name.
        public var name: String
        /// Its version.
        public var version: Semver
        /// Published, or already there unchanged.
        public var outcome: PublishOutcome

        /// An item published (or found unchanged).
        public init(kind: DocumentKind, name: String, version: Semver, outcome: PublishOutcome) {
            self.kind = kind
            self.name = name
            self.version = version
            self.outcome = outcome
        }
    }

    /// Every theme, style and spec in load order.
    public var items: [Item] = []

    /// An empty report.
    public init(items: [Item] = []) { self.items = items }
}

/// What publishing a document did.
public enum PublishOutcome: String, Sendable, Equatable {
    /// The version was new and is now stored.
    case published
    /// The same content was already published under this version: nothing changed.
    case unchanged
}

/// One migration's state in a database.
public struct MigrationStatus: Sendable, Hashable, Codable {
    /// Where a migration stands.
    public enum State: String, Sendable, Codable {
        /// Applied with the checksum this binary has.
        case applied
        /// Known to this binary, not applied yet.
        case pending
        /// Applied, but the binary's file has a different checksum: the file was edited.
        case modified
        /// Applied by a newer binary; this one does not know it.
        case unknown
    }
    /// The migration number (`0006`).
    public let id: Int
    /// Its file name without number and extension.
    public let name: String
    /// Applied, pending, modified or unknown.
    public let state: State
    /// When it was applied (ISO 8601), for applied, modified and unknown migrations.
    public let appliedAt: String?
    /// The checksum recorded in the database, or this binary's for pending ones.
    public let checksum: String

    /// The file the migration comes from, such as `0001_catalog_info.sql`.
    public var fileName: String {
        let number = String(id)
        return String(repeating: "0", count: max(0, 4 - number.count)) + number + "_" + name + ".sql"
    }

    /// A migration's state.
    public init(id: Int, name: String, state: State, appliedAt: String?, checksum: String) {
        self.id = id
        self.name = name
        self.state = state
        self.appliedAt = appliedAt
        self.checksum = checksum
    }
}

/// A token a text search found: its path, type, description and default resolved value.
public struct TokenMatch: Sendable, Equatable {
    public var path: String
    public var type: String
    public var description: String?
    public var value: JSON?

    public init(path: String, type: String, description: String?, value: JSON?) {
        self.path = path
        self.type = type
        self.description = description
        self.value = value
    }
}
