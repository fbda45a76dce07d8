import CatalogChanges
import CatalogModel
import CatalogStore
import CatalogTokenFiles
import Foundation

func tick(_ label: String) {
    var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)
    FileHandle.standardError.write(Data("T \(label) \(Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6)\n".utf8))
}

/// A theme read for `theme add`, ready to publish: read whole, or, when the catalog kept
/// the state of the latest publication from the same input and the files allow it, read
/// by difference (issue 31): the files are scanned (``TokenSourceScan``), compared with
/// that publication's ``SourceManifest``, and only the tokens whose bytes changed, what
/// refers to them and what those refer to are read (``SourceDifference``); the rest of
/// the theme stands in the catalog as it is.
public struct PreparedTheme: Sendable {
    /// The read: for a read by difference, its theme holds only the tokens read again, and
    /// its warnings are theirs (the previous publication had none: a read with warnings
    /// keeps no state, so the next one is whole again).
    public var read: ThemeImport
    /// How many tokens the version has.
    public var tokenCount: Int
    /// What publishing keeps of the sources, and the difference to publish.
    var record: ThemeSourceRecord?

    /// `input` read whole, with its files' scans kept for the next publication from them
    /// when they are strict DTCG files.
    public static func whole(_ input: ThemeInput) throws -> PreparedTheme {
        try whole(input, scans: input.keepGoing ? nil : Publishing.scans(of: input))
    }

    static func whole(_ input: ThemeInput, scans: [(key: String, scan: TokenSourceScan)]?) throws -> PreparedTheme {
        let read = try ThemeReader.read(input)
        var record: ThemeSourceRecord?
        if let scans, Publishing.keepsState(read) {
            record = ThemeSourceRecord(
                key: Publishing.sourceKey(of: input, scans: scans), manifest: SourceManifest(scans: scans, theme: read.theme))
        }
        return PreparedTheme(read: read, tokenCount: read.theme.tokens.count, record: record)
    }

    /// The version a read by difference differs from.
    public var basisVersion: Semver? { record?.difference?.basis.version }

    /// Whether the theme was read by difference.
    public var byDifference: Bool { record?.difference != nil }
    /// How many tokens were read again, for a read by difference.
    public var tokensRead: Int { read.theme.tokens.count }
}

extension Publishing {
    /// Reads `input` for publishing: by difference when the latest publication of what it
    /// reads kept its state and every file is a strict DTCG file, else whole (as
    /// ``ThemeReader/read(_:)``, whose errors it throws).
    public func prepare(_ input: ThemeInput) throws -> PreparedTheme {
        let data = input.sources.map(\.data) + input.modeSources.map(\.source.data)
        tick("prepare")
        let scans = input.keepGoing ? nil : Self.scans(of: input)
        tick("scanned")
        let key = Self.sourceKey(of: input, scans: scans)
        tick("keyed"); let st0 = try repository.publicationState(sourceKey: key); tick("state")
        if let scans, let state = st0,
            let difference = SourceDifference(from: state.manifest, to: scans, data: data),
            let prepared = try? readByDifference(input, data: data, state: state, difference: difference, key: key)
        {
            return prepared
        }
        return try PreparedTheme.whole(input, scans: scans)
    }

    /// Publishes a prepared theme.
    public func publish(
        _ prepared: PreparedTheme, document: String, sourceFile: String, note: RevisionNote,
        progress: (_ step: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
    ) throws -> Publication {
        let theme = prepared.read.theme
        tick("publish")
        let (outcome, revision) = try repository.commit(message: note.message, author: note.author) { transaction in
            defer { tick("published") }
            let outcome = try repository.publish(
                theme: theme, document: document, sourceFile: sourceFile, sources: prepared.record,
                progress: progress, in: transaction)
            if outcome == .published {
                try VersionChecks.enforce(
                    VersionChecks(repository: repository).check(publishedTheme: theme.name, version: theme.version))
            }
            return outcome
        }
        tick("committed")
        return Publication(outcome: outcome, revision: revision)
    }

    /// The read of the tokens `difference` names; `nil` when the result cannot stand for
    /// a whole read (then the input is read whole: also when the reduced read fails, so
    /// that every problem of the files is reported as a whole read reports it).
    private func readByDifference(
        _ input: ThemeInput, data: [Data], state: ThemePublicationState, difference: SourceDifference, key: String
    ) throws -> PreparedTheme? {
        tick("differed")
        let reduced = try difference.reducedSources(data)
        tick("reduced")
        var narrowed = input
        for index in narrowed.sources.indices { narrowed.sources[index].data = reduced[index] }
        for index in narrowed.modeSources.indices {
            narrowed.modeSources[index].source.data = reduced[input.sources.count + index]
        }
        let read = try ThemeReader.read(narrowed)
        tick("read")
        let theme = read.theme
        guard Self.keepsState(read), theme.name == state.theme,
            try !repository.versions(ofTheme: theme.name).contains(theme.version),
            try repository.dimensions(theme: state.theme, version: state.version) == theme.dimensions
        else { return nil }
        let before = try repository.presentTokens(theme: state.theme, among: difference.changed)
        let after = theme.tokens.lazy.filter { difference.changed.contains($0.path) }.count
        tick("checked")
        let record = ThemeSourceRecord(
            key: key, manifest: difference.manifest(readAgain: theme), difference: (state, difference.changed))
        tick("manifest")
        return PreparedTheme(read: read, tokenCount: state.tokenCount - before + after, record: record)
    }

    /// Whether a read's state is kept for a republication by difference: not when it had
    /// warnings (a read by difference would say only those of the tokens it reads), nor
    /// when it keeps references to nothing (their list is the whole theme's).
    static func keepsState(_ read: ThemeImport) -> Bool {
        guard read.warnings.isEmpty else { return false }
        let root = read.theme.groups.first { $0.path.isEmpty }
        return root?.members.first { $0.key == "$extensions" }?.value[Theme.unresolvedKey] == nil
    }

    /// Each file scanned, with its role and name; `nil` when one is not a strict DTCG file.
    static func scans(of input: ThemeInput) -> [(key: String, scan: TokenSourceScan)]? {
        var scans: [(key: String, scan: TokenSourceScan)] = []
        let data = input.sources.map(\.data) + input.modeSources.map(\.source.data)
        for (key, bytes) in zip(fileKeys(of: input), data) {
            guard let scan = try? TokenSourceScan.scan(bytes) else { return nil }
            scans.append((key, scan))
        }
        return scans
    }

    /// Each file's role, in input order: its place among the sources, or the mode it holds.
    /// Not its name: a new version is often a file of another name, and a token's
    /// problems are placed in the file read, whatever the name of the one before.
    private static func fileKeys(of input: ThemeInput) -> [String] {
        input.sources.indices.map { "source \($0)" }
            + input.modeSources.map { "mode \($0.dimension)=\($0.mode)" }
    }

    /// The input as a publication's state names it: its files' roles, the theme's name
    /// as the options and files give it (checked once read), and how files are read.
    static func sourceKey(of input: ThemeInput, scans: [(key: String, scan: TokenSourceScan)]?) -> String {
        let name = input.naming.name ?? scans?.first?.scan.declaredName ?? input.naming.fallbackName ?? ""
        let parts =
            ["catalog theme sources 1"] + fileKeys(of: input) + ["name \(name)", "dialect \(input.dialect?.rawValue ?? "")"]
        return SHA256.hex(Data(JSON.array(parts.map { .string($0) }).serialized().utf8))
    }
}
