import CatalogChanges
import CatalogCodegen
import CatalogModel
import CatalogStore
import CatalogSystem
import CatalogTokenFiles
import Foundation

/// A theme read for `theme add`, ready to publish: read whole, or, when the catalog kept
/// the state of the latest publication from the same input and the files allow it, read
/// by difference: the files are scanned (``TokenSourceScan``), compared with
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
    /// The input, read whole when another command published the theme after this read.
    var input: ThemeInput?
    /// Why the kept state of the theme's latest publication was not used, when it was
    /// found damaged (it does not match its checksum): a warning for the user.
    public var stateWarning: String?

    /// `input` read whole, with its files' scans kept for the next publication from them
    /// when they are strict DTCG files.
    public static func whole(_ input: ThemeInput) throws -> PreparedTheme {
        try whole(input, scanned: ScannedInput(input))
    }

    static func whole(_ input: ThemeInput, scanned: consuming ScannedInput?) throws -> PreparedTheme {
        // The scans become the manifest before the read, and are let go. The read is of
        // the bytes scanned: a file a resolver names is not loaded a second time, which
        // could give other bytes than the manifest describes.
        let kept = scanned.map { (key: $0.key, manifest: SourceManifest(scans: $0.scans), files: $0.files) }
        let scannedInput = scanned?.inputAsScanned ?? input
        _ = consume scanned
        let read = try ThemeReader.read(scannedInput)
        var record: ThemeSourceRecord?
        if var kept, Publishing.keepsState(read) {
            kept.manifest.addReferences(of: read.theme)
            kept.manifest.setSigns(read.signs, files: kept.files)
            record = ThemeSourceRecord(key: kept.key, manifest: kept.manifest)
        }
        return PreparedTheme(read: read, tokenCount: read.theme.tokens.count, record: record)
    }

    /// The version a read by difference differs from.
    public var basisVersion: Semver? { record?.difference?.basis.version }

    /// Whether the theme was read by difference.
    public var byDifference: Bool { record?.difference != nil }
    /// For a read by difference, whether no token's source changed, appeared or vanished
    /// since the basis (`nil` for a whole read).
    public var changesNoToken: Bool? { record?.difference.map { $0.changed.isEmpty } }
    /// How many tokens were read again, for a read by difference.
    public var tokensRead: Int { read.theme.tokens.count }
}

extension Publishing {
    /// Reads `input` for publishing: by difference when the latest publication of what it
    /// reads kept its state and every file is a strict DTCG file, else whole (as
    /// ``ThemeReader/read(_:)``, whose errors it throws).
    public func prepare(_ input: ThemeInput) throws -> PreparedTheme {
        // The files are scanned on a thread while the state they are compared with is read
        // (a million tokens' manifest is 20 MB): the state of the input named as the theme
        // it was last published as, which the scan then confirms.
        let scanning = Background { ScannedInput(input) }
        var damaged: String?
        let guessed = try guessedState(of: input, damaged: &damaged)
        let scanned = scanning.take()
        if let scanned,
            let state = try guessed?.sourceKey == scanned.key
                ? guessed : repository.publicationState(sourceKey: scanned.key, damaged: &damaged),
            let difference = SourceDifference(from: state.manifest, to: scanned.scans, data: scanned.data),
            let prepared = try? readByDifference(scanned, state: state, difference: difference)
        {
            return prepared
        }
        _ = consume guessed
        var prepared = try PreparedTheme.whole(input, scanned: consume scanned)
        prepared.stateWarning = damaged
        return prepared
    }

    /// The kept state of the latest publication whose input `input` is when it names the
    /// theme as that publication did (its name option, else the theme's own name, as the
    /// file declares or its name gives it): what a republication of plain token files is
    /// compared with, found before they are scanned. `nil` when there is none.
    private func guessedState(of input: ThemeInput, damaged: inout String?) throws -> ThemePublicationState? {
        let roles = ScannedInput.roles(ofSources: input)
        for (theme, key) in try repository.publicationStateKeys()
        where ScannedInput.key(roles: roles, name: input.naming.name ?? theme, input: input) == key {
            return try repository.publicationState(sourceKey: key, damaged: &damaged)
        }
        return nil
    }

    /// Publishes a prepared theme, which it consumes: the theme's tokens are let go before
    /// the commit writes its changeset, which a large import makes as large as they are. A
    /// read by difference whose basis another command superseded while it read (it waited
    /// for the write lock) is read whole instead.
    ///
    /// `keepingVersion`: a version smaller than the changes demand is published as given
    /// (a team's release history as it was tagged), the changes that demand more said in
    /// the revision's message (and so in the changelog), rather than refused.
    ///
    /// `unlessUnchanged`: a new version whose tokens are the previous version's is not
    /// published (``UnchangedRelease`` is thrown, nothing written), for a version nobody
    /// asked for (none given, none in the files) that a read by difference could not tell
    /// apart beforehand (files rewritten, tokens the same).
    public func publish(
        _ prepared: consuming PreparedTheme, document: DocumentDigest, sourceFile: String, note: RevisionNote,
        keepingVersion: Bool = false, unlessUnchanged: Bool = false,
        progress: (_ step: String, _ done: Int, _ total: Int) -> Void = { _, _, _ in }
    ) throws -> Publication {
        var pending = Optional(consume prepared)
        let message = { (result: (outcome: PublishOutcome, kept: VersionCheck?)) in
            note.message + (result.kept.map { " " + Self.keptVersionNote($0) } ?? "")
        }
        let (result, revision) = try repository.commit(message: message, author: note.author) { transaction in
            var prepared = pending.take()!  // the body runs once
            if let basis = prepared.record?.difference?.basis, let input = prepared.input,
                try repository.latestOrdinal(ofTheme: basis.theme) != basis.ordinal
            {
                prepared = try PreparedTheme.whole(input)
            }
            let (name, version) = (prepared.read.theme.name, prepared.read.theme.version)
            let outcome = try repository.publish(
                theme: prepared.read.theme, document: document, sourceFile: sourceFile, sources: prepared.record,
                progress: progress, in: transaction)
            _ = consume prepared
            guard outcome == .published,
                let found = try VersionChecks(repository: repository).check(publishedTheme: name, version: version)
            else { return (outcome, nil) }
            if unlessUnchanged, found.changes.isEmpty { throw UnchangedRelease(latest: found.previous) }
            let check = try withSwiftAPIBreaks(found)
            guard !check.isSatisfied else { return (outcome, nil) }
            guard keepingVersion else { throw VersionError(check: check) }
            return (outcome, check)
        }
        return Publication(outcome: result.outcome, revision: revision, versionKept: result.kept)
    }

    /// `check` with what the release breaks in the generated Swift package's public API
    /// (``SwiftPublicAPI``: a declaration gone or retyped, a shortcut lost to a new clash):
    /// source that compiled against the previous version's package and does not against
    /// this one's is a breaking change, whatever the tokens' values say. Compared only where
    /// it can matter: the changes allow the version, the version is not a major step, and
    /// a change can move the API (``SwiftPublicAPI/mayChange(from:to:)``), so that a
    /// release of changed values costs what its changes cost; one that does compares both
    /// versions whole.
    /// `themes` gives the previous version and this one (both stored, unless a dry run
    /// hands the one it read).
    func withSwiftAPIBreaks(
        _ check: VersionCheck, themes: (() throws -> (old: Theme, new: Theme))? = nil
    ) throws -> VersionCheck {
        guard check.isSatisfied, !ChangeLevel.breaking.allows(check.version, after: check.previous),
            check.changes.contains(where: { SwiftPublicAPI.mayChange(from: $0.old, to: $0.new) })
        else { return check }
        let (old, new) =
            try themes?()
            ?? (
                try repository.theme(VersionedName(name: check.name, version: check.previous)),
                try repository.theme(VersionedName(name: check.name, version: check.version))
            )
        let breaks = SwiftPublicAPI(theme: old).breakingChanges(to: SwiftPublicAPI(theme: new))
        guard !breaks.isEmpty else { return check }
        return VersionCheck(
            kind: check.kind, name: check.name, previous: check.previous, version: check.version,
            changes: check.changes
                + breaks.map {
                    ClassifiedChange(.breaking, "\($0.message) (catalog export swift)", path: $0.declaration)
                })
    }

    /// A release `publish` did not make: its tokens are `latest`'s.
    public struct UnchangedRelease: Error {
        /// The version whose tokens it has.
        public var latest: Semver
    }

    /// What a revision says of a version kept although its changes demand more.
    static func keptVersionNote(_ check: VersionCheck) -> String {
        let reasons = check.changes.filter { $0.level == check.level }.map(\.message)
        return
            "(version \(check.version) kept as released; the changes since \(check.previous) call for \(check.suggestedVersion): \(reasons.prefix(5).joined(separator: "; "))\(reasons.count > 5 ? "; …" : ""))"
    }

    /// The read of the tokens `difference` names; `nil` when the result cannot stand for
    /// a whole read (then the input is read whole: also when the reduced read fails, so
    /// that every problem of the files is reported as a whole read reports it).
    private func readByDifference(
        _ scanned: ScannedInput, state: ThemePublicationState, difference: SourceDifference
    ) throws -> PreparedTheme? {
        // The reduced files (as large as the real ones, mostly spaces) are let go once read.
        let read = try ThemeReader.read(scanned.input(with: try difference.reducedSources(scanned.data)))
        var manifest = difference.manifest(readAgain: read.theme)
        manifest.setSigns(read.signs, files: scanned.files)
        let theme = read.theme
        // The same version again is the same publication only when nothing changed.
        let again = Repository.isRepublication(of: state, theme, changed: difference.changed)
        guard Self.keepsState(read), theme.name == state.theme,
            try again || !repository.versions(ofTheme: theme.name).contains(theme.version),
            try repository.dimensions(theme: state.theme, version: state.version) == theme.dimensions
        else { return nil }
        // A stable id is the theme's to check whole: one a token read again shares with
        // one that was not is said by a whole read.
        let ids = theme.tokens.compactMap(\.id)
        let readPaths = Set(theme.tokens.lazy.map(\.path)).union(difference.changed)
        guard try ids.isEmpty || !repository.stableIDs(ids, takenInTheme: state.theme, outside: readPaths) else {
            return nil
        }
        let before = try repository.presentTokens(theme: state.theme, among: difference.changed)
        let after = theme.tokens.lazy.filter { difference.changed.contains($0.path) }.count
        let record = ThemeSourceRecord(
            key: scanned.key, manifest: manifest, difference: (state, difference.changed))
        return PreparedTheme(
            read: read, tokenCount: state.tokenCount - before + after, record: record, input: scanned.original)
    }

    /// Whether a read's state is kept for a republication by difference: not when it had
    /// warnings (a read by difference would say only those of the tokens it reads), nor
    /// when it keeps references to nothing or records refused tokens (their lists are the
    /// whole theme's).
    static func keepsState(_ read: ThemeImport) -> Bool {
        read.warnings.isEmpty && read.theme.danglingTokenPaths.isEmpty && read.theme.refusedTokens.isEmpty
    }

}

/// The files of an input that a republication by difference scans, each with its role:
/// the sources and mode files, or the files a resolver document names; and how the input
/// is made again from other bytes for those files.
struct ScannedInput: Sendable {
    let original: ThemeInput
    let scans: [(key: String, scan: TokenSourceScan)]
    let data: [Data]
    /// Each scanned file's name, as the read's messages and ``ThemeImport/signs`` give it.
    let files: [String]
    /// What the publication's state is found by: the files' roles, the theme's name as the
    /// options and files give it (checked once read), how files are read.
    let key: String
    /// For a resolver document, each scanned file's reference and source.
    private let references: [(reference: String, source: ThemeInput.Source)]?

    /// The scans of `input`'s files; `nil` when one is not a strict DTCG file (JSON5 is not).
    init?(_ input: ThemeInput) {
        guard !(input.sources + input.modeSources.map(\.source)).contains(where: { $0.file.hasSuffix(".json5") })
        else { return nil }
        original = input
        let plain = input.sources.map(\.data) + input.modeSources.map(\.source.data)
        // A file's place or mode, not its name: a new version is often a file of another
        // name, and a token's problems are placed in the file read.
        var roles = Self.roles(ofSources: input)
        var extra: [String] = []
        var scans = Self.scan(plain, roles: roles)
        if scans != nil {
            references = nil
            data = plain
            files = input.sources.map(\.file) + input.modeSources.map(\.source.file)
        } else {
            // Not token files: a resolver document, whose files are scanned instead.
            guard let files = ThemeSources.resolverFiles(of: input) else { return nil }
            references = files
            data = files.map(\.source.data)
            self.files = files.map(\.source.file)
            roles = files.map { "reference \($0.reference)" }
            extra = ["resolver \(SHA256.hex(input.sources[0].data))"]
            scans = Self.scan(data, roles: roles)
        }
        guard let scans else { return nil }
        self.scans = scans
        let name = input.naming.name ?? scans.first?.scan.declaredName ?? input.naming.fallbackName ?? ""
        key = Self.key(roles: roles + extra, name: name, input: input)
    }

    /// The roles of an input's token files and mode files.
    static func roles(ofSources input: ThemeInput) -> [String] {
        input.sources.indices.map { "source \($0)" } + input.modeSources.map { "mode \($0.dimension)=\($0.mode)" }
    }

    /// ``key`` of the files in `roles` naming the theme `name`, read as `input` says
    /// (its dialect, the sets it chooses).
    static func key(roles: [String], name: String, input: ThemeInput) -> String {
        let parts =
            ["catalog theme sources 1"] + roles + ["name \(name)", "dialect \(input.dialect?.rawValue ?? "")"]
            + (input.setChoice?.lines ?? [])
        return SHA256.hex(Data(JSON.array(parts.map { .string($0) }).serialized().utf8))
    }

    private static func scan(_ data: [Data], roles: [String]) -> [(key: String, scan: TokenSourceScan)]? {
        var scans: [(key: String, scan: TokenSourceScan)] = []
        for (role, bytes) in zip(roles, data) {
            guard let scan = try? TokenSourceScan.scan(bytes) else { return nil }
            scans.append((role, scan))
        }
        return scans
    }

    /// The input as scanned: a resolver's files are the bytes the scan read, not loaded again.
    var inputAsScanned: ThemeInput {
        guard references != nil else { return original }
        var input = self.input(with: data.map { ($0, nil) })
        input.keepGoing = original.keepGoing
        return input
    }

    /// The input with `replacement` for the scanned files' bytes, read strictly: a problem
    /// among the tokens read again makes the read whole, which records flagged tokens for the
    /// whole theme (and a publication with flagged tokens keeps no state).
    func input(with replacement: [(data: Data, blanked: DialectSigns?)]) -> ThemeInput {
        var input = original
        input.keepGoing = false
        guard let references else {
            for index in input.sources.indices {
                (input.sources[index].data, input.sources[index].blanked) = replacement[index]
            }
            for index in input.modeSources.indices {
                (input.modeSources[index].source.data, input.modeSources[index].source.blanked) =
                    replacement[input.sources.count + index]
            }
            return input
        }
        var sources: [String: ThemeInput.Source] = [:]
        for ((reference, source), (data, blanked)) in zip(references, replacement) {
            sources[reference] = ThemeInput.Source(
                file: source.file, relativePath: source.relativePath, data: data, blanked: blanked)
        }
        let load = original.load
        input.load = { [sources] reference, from in
            if let source = sources[reference] { return source }
            guard let load else { throw DocumentError(file: reference, message: "cannot follow $ref here") }
            return try load(reference, from)
        }
        return input
    }
}
