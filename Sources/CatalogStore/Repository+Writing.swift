import CatalogModel
import Foundation
import SQLite

extension Repository {
    /// Runs `body` as the command's one write transaction (`BEGIN IMMEDIATE`): everything
    /// it writes lands together, or, when it throws, nothing does. `body` gets the
    /// ``WriteTransaction`` every write step asks for.
    public func write<T>(_ body: (borrowing WriteTransaction) throws -> T) throws -> T {
        themesInWrite = [:]
        defer { themesInWrite = [:] }
        let transaction = WriteTransaction()
        return try database.transaction(.immediate) { try body(transaction) }
    }

    /// Runs `body` in one read transaction, so that several queries see one state of the
    /// catalog even while another process writes. Takes no write lock.
    /// Inside another read it is part of that one.
    public func read<T>(_ body: () throws -> T) throws -> T {
        if database.isInTransaction { return try body() }
        return try database.transaction(.deferred, body)
    }

    /// Stops the statement the connection is running, from any thread (``Database/interrupt()``).
    public func interrupt() { database.interrupt() }

    /// Runs `body` in a write transaction that is always rolled back: what a change would
    /// do, seen from inside, with nothing kept (the dry run of `apply` behind `impact`).
    public func rollingBack<T>(_ body: (borrowing WriteTransaction) throws -> T) throws -> T {
        var result: T?
        do {
            try write { transaction in
                result = try body(transaction)
                throw RollingBack()
            }
        } catch is RollingBack {}
        guard let result else { preconditionFailure("the body returned before the roll-back") }
        return result
    }

    /// The current time as the catalog records it (UTC, ISO 8601 with milliseconds).
    /// Now, as `2026-11-30T18:10:17.123Z`: formatted by hand, since creating Foundation's
    /// ISO 8601 formatter costs more than publishing a style.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))."
            + "\(padded(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }

    /// The canonical form of a document for content hashes: sorted keys, no `$schema`
    /// or `$comment`, so formatting and editor hints do not make two documents differ.
    static func contentHash(of document: JSON) -> String {
        var canonical = document
        if let members = document.object {
            canonical = JSON(.object(members.filter { $0.key != "$schema" && $0.key != "$comment" }))
        }
        return SHA256.hex(canonical.serialized(sortedKeys: true))
    }

    /// Checks a name and version against what is published: `.unchanged` when the same
    /// content is there, an error when other content is, `nil` when the version is new.
    /// `hash` (and `earlierHashes`, the definitions older catalogs stored) is computed only
    /// when the version exists.
    func existingVersion(
        _ kind: DocumentKind, name: String, version: Semver, hash: @autoclosure () -> String,
        earlierHashes: () -> [String] = { [] }
    ) throws -> PublishOutcome? {
        guard
            let stored = try database.scalar(
                "SELECT content_hash FROM \(kind.versionTable) WHERE \(kind.keyColumn) = ? AND version = ?",
                [.text(name), .text(version.description)]
            )
        else { return nil }
        if let stored = stored.string, stored == hash() || earlierHashes().contains(stored) { return .unchanged }
        throw PublishError.versionConflict(kind: kind, name: name, version: version)
    }
}

extension Repository {
    /// The stored text and source file of a document version (the latest when `version`
    /// is `nil`), or `nil` when no version of `name` exists. Throws naming the versions that
    /// exist when the one asked for does not.
    public func document(_ kind: DocumentKind, name: String, version: Semver?) throws -> (
        text: String, sourceFile: String
    )? {
        let rows = try database.query(
            "SELECT version, document, source_file FROM \(kind.versionTable) WHERE \(kind.keyColumn) = ?",
            [.text(name)])
        let versions = try rows.map { row in (try row.semver(0), try row.text(1), try row.text(2)) }
            .sorted { $0.0 < $1.0 }
        guard !versions.isEmpty else { return nil }
        guard let version else { return versions.last.map { ($0.1, $0.2) } }
        guard let match = versions.first(where: { $0.0 == version }) else {
            throw RequestError(
                "\(kind) \(name) has no version \(version); versions: \(versions.map(\.0.description).joined(separator: ", "))"
            )
        }
        return (match.1, match.2)
    }
}

/// Proof that a write transaction is open: ``Repository/write(_:)``,
/// ``Repository/commit(message:author:_:)`` and ``Repository/rollingBack(_:)`` hand one to
/// their body, borrowed, and every write step (publishing, seeding, applying and recording
/// revisions) asks for it. Noncopyable and made only by the store, so a write step cannot
/// be called outside a transaction, nor the proof kept past one: the rule is the
/// compiler's, not a comment's.
public struct WriteTransaction: ~Copyable {}

/// A document the catalog refuses to publish (the CLI exits 65, bad input).
public enum PublishError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The version exists with other content; published versions are immutable.
    case versionConflict(kind: DocumentKind, name: String, version: Semver)
    /// The theme a style needs is not in the catalog.
    case missingTheme(style: String, theme: String, available: [String])
    /// A spec links an option to a style the catalog does not have.
    case missingStyles(spec: String, styles: [String])
    /// A style names no theme and none was given, but it refers to tokens.
    case noTheme(style: String)

    public var description: String {
        switch self {
        case .versionConflict(let kind, let name, let version):
            return "\(kind) \(name) \(version) is already published with different content; "
                + "published versions are immutable: publish the change under a new version"
        case .missingTheme(let style, let theme, let available):
            let list =
                available.isEmpty ? "the catalog has no themes yet" : "themes: " + available.joined(separator: ", ")
            return "style \(style) needs theme \(theme), which is not in the catalog (\(list))"
        case .missingStyles(let spec, let styles):
            return
                "spec \(spec) links options to styles the catalog does not have: \(styles.joined(separator: ", ")); add them first"
        case .noTheme(let style):
            return
                "style \(style) refers to tokens but names no theme; add \"theme\" to the document or pass --theme NAME"
        }
    }
}

extension Repository {
    /// The highest published version of a theme, style or spec below `version`, if any.
    public func previousVersion(_ kind: DocumentKind, name: String, before version: Semver) throws -> Semver? {
        try database.query(
            "SELECT version FROM \(kind.versionTable) WHERE \(kind.keyColumn) = ?", [.text(name)]
        )
        .map { try $0.semver(0) }.filter { $0 < version }.max()
    }

    /// Whether this exact version is already published.
    public func isPublished(_ kind: DocumentKind, name: String, version: Semver) throws -> Bool {
        try database.scalar(
            "SELECT 1 FROM \(kind.versionTable) WHERE \(kind.keyColumn) = ? AND version = ?",
            [.text(name), .text(version.description)])
            != nil
    }
}

extension Repository {
    /// Every published version of every theme, style and spec, as (kind, name, version),
    /// read from the version tables alone.
    public func publishedVersions() throws -> [(kind: DocumentKind, name: String, version: Semver)] {
        try database.query(
            """
            SELECT 'theme', theme, version FROM theme_versions
            UNION ALL SELECT 'style', style, version FROM style_versions
            UNION ALL SELECT 'spec', spec, version FROM spec_versions
            """
        ).map { row in
            guard let kind = DocumentKind(rawValue: try row.text(0)) else {
                throw row.mismatch(0, expected: "theme, style or spec")
            }
            return (kind, try row.text(1), try row.semver(2))
        }
    }
}

/// Thrown to end a ``Repository/rollingBack(_:)`` transaction.
private struct RollingBack: Error {}
