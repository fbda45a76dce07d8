import CatalogChanges
import CatalogModel
import CatalogOperations
import CatalogTokenFiles
import Foundation

/// `catalog theme`: the theme commands.
struct ThemeCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "theme", abstract: "Import, list, show and export themes (design tokens).",
        subcommands: [
            ThemeAddCommand.self, ThemeListCommand.self, ThemeShowCommand.self, ThemeProblemsCommand.self,
            ThemeExportCommand.self, ThemeDiffCommand.self,
        ])
}

/// `catalog theme add FILE…`: imports one theme version from one or more token sources.
struct ThemeAddCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "add", abstract: "Import one version of a theme from token files, folders or a resolver document.",
        discussion: """
            Reads DTCG 2025.10 files (with $ref, $extends, $root and every color space), DTCG \
            resolver documents (modifiers become mode dimensions), Tokens Studio exports (a \
            folder with $themes.json, or one multi-set file), Spectrum's token files and Style \
            Dictionary sources, each by its own format's rules (DTCG strictly, the others as \
            their tools read them); the format is detected per file and said, and --format \
            reads every file by one format's rules. Several files and folders \
            merge in the order given (later wins; a token defined twice is a warning naming \
            both places), and aliases may cross files. --mode-file adds a file holding one \
            mode's values (--mode-file colorScheme:dark=dark.json; the first mode given for \
            a dimension is its default, and its file may be given the same way). In a Tokens \
            Studio export, --set and --mode-set choose the sets to layer by name instead of \
            its $themes (an export without themes otherwise merges every set, the later \
            winning, which is said per pair of sets that disagree). The name \
            and version come from --name and --version, else from $extensions["catalog.theme"], \
            else the name is the first file's stem. A tree comes in whole, as its own tools read \
            it: a token the reader cannot take (an unknown type, an unreadable value, an \
            expression it cannot evaluate, a reference to nothing) is kept with its source as \
            written and its problem, without a value (only in the modes whose file or set holds \
            the problem); tokens referring to it are unresolved too, there; every problem is \
            reported with file:line:column, the summary counts them, and \
            theme problems NAME lists them. A whole-input problem (not JSON, no token at all, \
            a $themes.json whose sets are missing) refuses with nothing written, and --strict \
            refuses on any problem (for CI gates). Publishing \
            the same version again with identical tokens changes nothing. --dry-run validates, \
            prints what would be published and its diff against the latest version, and writes \
            nothing.
            """,
        arguments: [
            ArgumentSpec(
                "source", help: "Token files or folders, in merge order; - reads standard input.", isVariadic: true)
        ],
        options: [
            .option("--name", value: "name", help: "The theme's name."),
            .option(
                "--version", value: "x.y.z",
                help: "The version to publish (default: the files', else 1.0.0 or the next patch of the latest)."),
            .option(
                "--mode-file", value: "dimension:mode=file", help: "A file holding one mode's values (repeatable).",
                repeatable: true),
            .option(
                "--set", value: "set",
                help:
                    "A Tokens Studio set to layer in every context, chosen by name instead of by $themes (repeatable; sets neither this nor --mode-set names are in no context).",
                repeatable: true),
            .option(
                "--mode-set", value: "dimension:mode=set",
                help:
                    "A Tokens Studio set layered only where a mode is chosen (repeatable; the first mode given for a dimension is its default; dimension:mode= makes a mode of no set of its own).",
                repeatable: true),
            .option(
                "--format", value: "format",
                help:
                    "Read every file by one format's rules instead of detecting each file's: \(TokenDialect.allCases.map(\.rawValue).joined(separator: ", ")) (dtcg is DTCG 2025.10, strictly)."
            ).completing(TokenDialect.allCases.map(\.rawValue)),
            .flag("--dry-run", help: "Validate and show what would be published, without writing."),
            .flag("--strict", help: "Refuse the whole import when any token has a problem (for CI gates)."),
            .flag(
                "--keep-version",
                help:
                    "Publish the version given even where the changes call for a higher one (a team's release tags as they are); the changes that do are recorded in the revision and the changelog."
            ),
            .flag(
                "--keep-going",
                help: "Keep unreadable tokens flagged and import the rest: the default, accepted for scripts."),
        ] + SharedOptions.revision)

    let files: [String]
    let dialect: TokenDialect?
    let keepGoing: Bool
    let modeFiles: [ThemeInput.ModeFile]
    let setChoice: ThemeInput.SetChoice?
    let name: String?
    let version: Semver?
    let dryRun: Bool
    let keepVersion: Bool
    let revision: RevisionOptions
    let commandPath: [String]

    init(_ arguments: ParsedArguments) throws {
        files = arguments.variadic("source").isEmpty ? ["-"] : arguments.variadic("source")
        modeFiles = try arguments.values("--mode-file").map {
            try Self.modeFile($0, commandPath: arguments.commandPath)
        }
        let base = arguments.values("--set")
        let modeSets = try arguments.values("--mode-set").map {
            try Self.modeSet($0, commandPath: arguments.commandPath)
        }
        if let empty = base.first(where: \.isEmpty) {
            throw UsageError("--set takes a set's name, got '\(empty)'", commandPath: arguments.commandPath)
        }
        setChoice = base.isEmpty && modeSets.isEmpty ? nil : ThemeInput.SetChoice(base: base, modes: modeSets)
        revision = RevisionOptions(arguments)
        name = arguments.value("--name")
        dryRun = arguments.flag("--dry-run")
        keepVersion = arguments.flag("--keep-version")
        if arguments.flag("--strict") && arguments.flag("--keep-going") {
            throw UsageError("--strict and --keep-going contradict each other", commandPath: arguments.commandPath)
        }
        keepGoing = !arguments.flag("--strict")
        commandPath = arguments.commandPath
        dialect =
            arguments.value("--format") == nil
            ? nil
            : TokenDialect(
                rawValue: try arguments.choice(
                    "--format", from: TokenDialect.allCases.map(\.rawValue), default: TokenDialect.dtcg.rawValue))
        if let text = arguments.value("--version") {
            // The version is data the theme is published under: a bad one is bad input (65).
            guard let version = Semver(text) else {
                throw DocumentError(
                    file: "--version",
                    message: "\(NameRules.quoted(text)) is not a semantic version (MAJOR.MINOR.PATCH)")
            }
            self.version = version
        } else {
            version = nil
        }
    }

    func run(_ context: CommandContext) throws {
        var (summary, read): (String, ThemeAdd.Read?) = ("", nil)
        // With no version given, a refusal the catalog can answer itself (the files' version
        // published with other tokens, a patch where the changes demand more) is answered by
        // reading again under the version it calls for, said with the reasons.
        var chosen: ThemeVersionChoice?
        var outcome: ThemeAdd.Outcome
        while true {
            do {
                outcome = try add(version: version ?? chosen?.version, chosen: chosen, context) { (summary, read) = $0 }
                break
            } catch {
                guard let next = try choice(after: error, read: read, chosen: chosen, context) else { throw error }
                chosen = next
            }
        }
        if let read, chosen == nil, read.versionDefaulted, !read.isLatest, case .published = outcome {
            context.console.print(Self.versionLine(read, version: read.version, reasons: nil, dryRun: false))
        }
        if let chosen, let read {
            context.console.print(
                Self.versionLine(read, version: chosen.version, reasons: chosen.reasons, dryRun: false))
        }
        switch outcome {
        case .dryRun(let diff):
            if let read {
                context.console.print(
                    "Would publish theme \(read.name) \(read.choice?.version ?? read.version); nothing was written.")
            }
            if let diff {
                context.console.write(DiffRendering.text(diff, impact: nil))
            } else {
                context.console.print("No published version of \(read?.name ?? "the theme") to compare with.")
            }
        case .alreadyLatest(let latest):
            // Said already, unless only the publication found the tokens the same.
            if read?.isLatest != true {
                context.console.print(
                    "Theme \(read?.name ?? "") \(latest) is already published with these tokens; nothing changed (no version given)."
                )
            }
        case .published(let publication):
            defer { context.report(publication.revision) }
            let (name, version) = (read?.name ?? "", read?.version.description ?? "")
            switch publication.outcome {
            case .published:
                context.console.print("Published theme \(name) \(version): \(summary).")
                if let kept = publication.versionKept {
                    context.console.diagnose(
                        .warning,
                        "version \(kept.version) kept as given (--keep-version): the changes since \(kept.previous) call for \(kept.suggestedVersion) (\(kept.changes.filter { $0.level == kept.level }.map(\.message).prefix(3).joined(separator: "; "))); the revision records them"
                    )
                }
            case .unchanged:
                context.console.print(
                    "Theme \(name) \(version) is already published with these tokens; nothing changed.")
            }
        }
    }
}

extension ThemeAddCommand {
    /// Reads the files (before the catalog is opened: with standard input closed, the
    /// catalog's file would otherwise take its descriptor and be read as the tokens) and
    /// adds them as `version` (the files' or the next patch when `nil`); `reported` hears
    /// the summary and what was read (said once: not again when `chosen` reads again).
    func add(
        version: Semver?, chosen: ThemeVersionChoice?, _ context: CommandContext,
        reported: @escaping ((String, ThemeAdd.Read)) -> Void
    ) throws -> ThemeAdd.Outcome {
        let progress = context.progress("theme add")
        defer { progress.finish() }
        // A large file reports the bytes read as its tokens are (32 s at "0/1" for 300,000 tokens).
        let input = try ThemeInput.files(
            files, modeFiles: modeFiles, setChoice: setChoice,
            naming: .init(name: name, version: version, fallbackName: ThemeReader.Naming.stem(of: files[0])),
            dialect: dialect, keepGoing: keepGoing,
            reading: { file, done, total in
                progress.update(
                    done, of: total, step: "reading \(URL(fileURLWithPath: file).lastPathComponent)", bytes: true)
            })
        let count = input.sources.count
        progress.update(0, of: 1, step: "reading \(Formatting.count(count)) \(count == 1 ? "file" : "files")")
        // Handed over, not copied: the files' bytes go before the publication's commit.
        return try Catalog.addTheme(
            consume input, at: context.databasePath, dryRun: dryRun, keepingVersion: keepVersion,
            waiting: try context.waiting(),
            note: { name, version in revision.note("theme add \(name) \(version)", context) },
            progress: { step, done, total in progress.update(done, of: total, step: step) },
            reported: { what in
                progress.finish()
                let summary = chosen == nil ? Self.describe(what, dryRun: dryRun, context) : Self.summary(what)
                reported((summary, what))
            })
    }

    /// The version to read again under after `error`, when no version was given and the
    /// catalog can choose one (``ThemeVersionChoice``); `nil` to let the error stand.
    func choice(after error: any Error, read: ThemeAdd.Read?, chosen: ThemeVersionChoice?, _ context: CommandContext)
        throws -> ThemeVersionChoice?
    {
        guard version == nil, !dryRun, let read else { return nil }
        return try Catalog.versionChoice(
            after: error, read: read, chosen: chosen, catalogAt: context.databasePath, waiting: context.waiting())
    }

    /// Says what was read (warnings, files, tokens, flagged tokens) and, for a dry run,
    /// that nothing is written; returns the read's summary for the publication's message.
    static func describe(_ read: ThemeAdd.Read, dryRun: Bool, _ context: CommandContext) -> String {
        if let damaged = read.stateWarning { context.console.diagnose(.warning, damaged) }
        if context.verbose {
            for warning in read.warnings { context.console.diagnose(.warning, warning.detail, location: warning.place) }
        } else {
            for (warning, more) in WarningGroups.grouped(read.warnings) {
                let rest = more == 0 ? "" : " (and \(Formatting.count(more)) more of this kind: --verbose prints each)"
                context.console.diagnose(.warning, warning.detail + rest, location: warning.place)
            }
        }
        let summary = Self.summary(read)
        let files = "\(Formatting.count(read.fileCount)) \(read.fileCount == 1 ? "file" : "files")"
        let again =
            read.tokensRead.map {
                " (\(Formatting.plural($0, "token")) read again, the rest unchanged since \(read.name) \(read.basisVersion.map(\.description) ?? ""))"
            } ?? ""
        context.console.print("Read \(files) as \(read.format): \(summary)\(again).")
        if read.isLatest, let latest = read.latest {
            context.console.print(
                "Theme \(read.name) \(latest) is already published with these tokens; nothing changed (no version given)."
            )
            return summary
        }
        if let choice = read.choice {
            context.console.print(
                Self.versionLine(read, version: choice.version, reasons: choice.reasons, dryRun: true))
        } else if read.versionDefaulted, dryRun {
            // A real run says it once published: a refusal may raise the version.
            context.console.print(Self.versionLine(read, version: read.version, reasons: nil, dryRun: true))
        }
        if read.flagged > 0 {
            let own = read.flagged - read.flaggedByReference
            let because =
                read.flaggedByReference == 0
                ? ""
                : " (\(own) with problems of \(own == 1 ? "its" : "their") own, \(read.flaggedByReference) referring to \(own == 1 ? "it" : "those"))"
            let scope =
                read.flaggedInModes == 0
                ? "without a value"
                : read.flaggedInModes == read.flagged
                    ? "without a value in the modes whose files hold the problem, with their values elsewhere"
                    : "without a value (\(read.flaggedInModes) only in the modes whose files hold the problem)"
            context.console.print(
                "Flagged \(Formatting.plural(read.flagged, "token"))\(because): kept as written, \(scope); catalog theme problems \(read.name)@\(read.version) lists them."
            )
        }
        return summary
    }

    /// The line saying which version is published when no version was given, and why: the
    /// catalog's `reasons` (``ThemeVersionChoice``), else the next patch or the first version.
    static func versionLine(_ read: ThemeAdd.Read, version: Semver, reasons: [String]?, dryRun: Bool) -> String {
        let why =
            reasons.map { ": " + $0.joined(separator: "; ") }
            ?? (read.latest.map { ", the next patch after \($0)" } ?? ", the first version of \(read.name)")
        return
            "No version given: \(dryRun ? "would publish" : "publishing") as \(version)\(why); --version sets another."
    }

    /// The read's summary for the publication's message: tokens, unresolved ones, modes.
    static func summary(_ read: ThemeAdd.Read) -> String {
        let unresolved =
            read.flagged + read.dangling == 0
            ? ""
            : ", \(Formatting.count(read.flagged + read.dangling)) unresolved (catalog theme problems \(read.name))"
        let tokens = "\(Formatting.count(read.tokenCount)) \(read.tokenCount == 1 ? "token" : "tokens")\(unresolved)"
        return "\(tokens); \(Formatting.dimensions(read.dimensions))"
    }
}

extension ThemeAddCommand {
    /// A `--mode-set DIMENSION:MODE=SET` value; `DIMENSION:MODE=` is a mode of no set.
    static func modeSet(_ text: String, commandPath: [String]) throws -> ThemeInput.SetChoice.ModeSet {
        let problem = UsageError(
            "--mode-set takes DIMENSION:MODE=SET (look:wireframe=themes/wireframe), got '\(text)'",
            commandPath: commandPath)
        guard let equals = text.firstIndex(of: "="), let colon = text[..<equals].firstIndex(of: ":") else {
            throw problem
        }
        let (dimension, mode) = (String(text[..<colon]), String(text[text.index(after: colon)..<equals]))
        let set = String(text[text.index(after: equals)...])
        guard !dimension.isEmpty, !mode.isEmpty else { throw problem }
        return ThemeInput.SetChoice.ModeSet(dimension: dimension, mode: mode, set: set.isEmpty ? nil : set)
    }

    /// A `--mode-file DIMENSION:MODE=FILE` value.
    static func modeFile(_ text: String, commandPath: [String]) throws -> ThemeInput.ModeFile {
        let problem = UsageError(
            "--mode-file takes DIMENSION:MODE=FILE (colorScheme:dark=dark.json), got '\(text)'",
            commandPath: commandPath)
        guard let equals = text.firstIndex(of: "="), let colon = text[..<equals].firstIndex(of: ":") else {
            throw problem
        }
        let file = ThemeInput.ModeFile(
            dimension: String(text[..<colon]), mode: String(text[text.index(after: colon)..<equals]),
            path: String(text[text.index(after: equals)...]))
        guard !file.dimension.isEmpty, !file.mode.isEmpty, !file.path.isEmpty else { throw problem }
        return file
    }
}

/// `catalog theme list`.
struct ThemeListCommand: CatalogCommand {
    static let spec = CommandSpec(name: "list", abstract: "List theme versions.", options: [SharedOptions.json])

    let json: Bool

    init(_ arguments: ParsedArguments) throws { json = arguments.flag("--json") }

    func run(_ context: CommandContext) throws {
        context.printList(
            try context.openCatalog().themeListing(), json: json,
            empty: "No themes yet. Run 'catalog seed' or 'catalog theme add FILE'.",
            header: ["THEME", "VERSION", "TOKENS", "UNRESOLVED", "MODES"],
            row: {
                [
                    $0.summary.name, $0.summary.version.description, String($0.tokens), String($0.unresolved),
                    Formatting.dimensions($0.summary.dimensions),
                ]
            },
            object: { listing in
                let theme = listing.summary
                return [
                    ("name", .string(theme.name)), ("version", .string(theme.version.description)),
                    ("description", theme.description.map { .string($0) } ?? .null),
                    ("tokens", .number(Double(listing.tokens))),
                    ("unresolved", .number(Double(listing.unresolved))),
                    ("deprecated", .number(Double(theme.deprecatedCount))),
                    ("dimensions", .array(theme.dimensions.map(JSONRendering.dimension))),
                    ("publishedAt", .string(theme.publishedAt)),
                ]
            })
    }
}

/// `catalog theme show NAME[@VERSION]`.
struct ThemeShowCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "show", abstract: "Show a theme version's tokens, raw or resolved, in chosen modes.",
        arguments: [
            ArgumentSpec("theme", help: "NAME or NAME@X.Y.Z (default: the latest version).", completes: .theme)
        ],
        options: [
            SharedOptions.mode,
            .flag("--resolved", help: "Show resolved values instead of aliases."),
            .option("--type", value: "type", help: "Only tokens of this type (color, dimension, typography, …).")
                .completing(TokenValue.knownTypes.sorted()),
            .option("--path", value: "prefix", help: "Only tokens whose path starts with this prefix.").completing(
                .token),
            .flag("--invalid", help: "List the unresolved tokens, as theme problems does."),
            SharedOptions.json,
        ])

    let reference: VersionedName
    let invalid: Bool
    let modes: [String]
    let resolved: Bool
    let type: TokenType?
    let prefix: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        reference = try SharedOptions.reference(arguments.argument("theme") ?? "", arguments, what: "a theme")
        modes = arguments.values("--mode")
        resolved = arguments.flag("--resolved")
        let typeName = arguments.value("--type")
        try ParsedArguments.check(
            typeName, option: "--type", among: TokenValue.knownTypes.sorted(),
            commandPath: arguments.commandPath)
        type = typeName.flatMap(TokenType.init(rawValue:))
        prefix = arguments.value("--path")
        json = arguments.flag("--json")
        invalid = arguments.flag("--invalid")
        commandPath = arguments.commandPath
    }

    let commandPath: [String]

    func run(_ context: CommandContext) throws {
        let catalog = try context.openCatalog()
        if invalid {
            return try ThemeProblemsCommand.show(
                reference, prefix: prefix, modes: modes, json: json, context, catalog, commandPath: commandPath)
        }
        let listed: ThemeTokens
        do {
            listed = try catalog.tokens(
                of: reference, modes: modes, resolved: resolved, pathPrefix: prefix, type: type)
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: commandPath)
        }
        let (theme, tokens, total, modeContext) = (listed.theme, listed.tokens, listed.total, listed.context)
        let shown = { (token: Token) in listed.values[token.path] ?? .null }
        if json {
            context.console.write(
                Formatting.json(
                    .object([
                        ("theme", .string(theme.name)), ("version", .string(theme.version.description)),
                        (
                            "context",
                            .object(
                                theme.dimensions.map {
                                    ($0.name, .string(modeContext.mode(for: $0.name, in: theme) ?? ""))
                                })
                        ),
                        ("resolved", .bool(resolved)),
                        (
                            "tokens",
                            .array(
                                tokens.map {
                                    JSONRendering.token($0, shown: shown($0), unresolved: listed.unresolved[$0.path])
                                })
                        ),
                    ])))
            return
        }
        let contextText =
            theme.dimensions.isEmpty
            ? ""
            : " in "
                + theme.dimensions.map { "\($0.name)=\(modeContext.mode(for: $0.name, in: theme) ?? "")" }.joined(
                    separator: ", ")
        context.console.print(
            "\(theme.name) \(theme.version): \(Formatting.count(tokens.count)) of \(Formatting.plural(total, "token"))\(contextText)\(resolved ? ", resolved" : "")"
        )
        let rows = tokens.map { token -> [String] in
            var note = ""
            if let deprecation = token.deprecation {
                note = "deprecated" + (deprecation.reason.map { ": \($0)" } ?? "")
            }
            if let successor = token.replacedBy { note += (note.isEmpty ? "" : "; ") + "replaced by \(successor)" }
            if let reason = listed.unresolved[token.path] {
                return [token.path, token.type.rawValue, "no value", reason + (note.isEmpty ? "" : "; " + note)]
            }
            return [token.path, token.type.rawValue, Formatting.value(shown(token), type: token.type), note]
        }
        if !rows.isEmpty { context.console.write(Formatting.table(rows)) }
    }
}

struct ThemeExportCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "export", abstract: "Write a theme version as DTCG JSON or as a DTCG resolver document with set files.",
        discussion: """
            --format dtcg (the default) writes one token file, to standard output or --output FILE. \
            --format resolver writes a resolver document (NAME.resolver.json) and its set files \
            (base.tokens.json and one file per non-default mode) into the folder --output DIR. \
            Importing either gives the same theme.
            """,
        arguments: [
            ArgumentSpec("theme", help: "NAME or NAME@X.Y.Z (default: the latest version).", completes: .theme)
        ],
        options: [
            SharedOptions.output("path", help: "Write to this file (dtcg) or folder (resolver)."),
            .option("--format", value: "format", help: "dtcg (default) or resolver.").completing(["dtcg", "resolver"]),
        ])

    let reference: VersionedName
    let output: String?
    let format: String

    init(_ arguments: ParsedArguments) throws {
        reference = try SharedOptions.reference(arguments.argument("theme") ?? "", arguments, what: "a theme")
        output = try SharedOptions.outputPath(arguments)
        format = try arguments.choice("--format", from: ["dtcg", "resolver"], default: "dtcg")
        if format == "resolver" && output == nil {
            throw UsageError(
                "--format resolver writes several files; give a folder with --output DIR",
                commandPath: arguments.commandPath)
        }
    }

    func run(_ context: CommandContext) throws {
        let theme = try context.openCatalog().theme(reference)
        if format == "resolver", let output {
            let (document, files) = try ThemeWriter.resolver(theme)
            let resolverName = "\(SafeName.shortened(theme.name)).resolver.json"
            var contents: [String: Data] = [:]
            for (name, content) in files + [(resolverName, document)] {
                contents[name] = Data(Formatting.json(content).utf8)
            }
            try OutputFiles.writeFolder(contents, to: output, context: context)
            context.console.print(
                "Wrote \(theme.name) \(theme.version) (\(Formatting.plural(theme.tokens.count, "token"))) to \(output)/\(resolverName) and \(Formatting.plural(files.count, "set file"))."
            )
            return
        }
        let text = Formatting.json(ThemeWriter.dtcg(theme))
        guard let output else {
            context.console.write(text)
            return
        }
        try OutputFiles.write(Data(text.utf8), to: output, context: context)
        context.console.print(
            "Wrote \(theme.name) \(theme.version) (\(Formatting.plural(theme.tokens.count, "token"))) to \(output).")
    }
}

/// JSON renderings shared by `--json` outputs.
enum JSONRendering {
    static func dimension(_ dimension: ModeDimension) -> JSON {
        .object([
            ("name", .string(dimension.name)), ("modes", .array(dimension.modes.map { .string($0) })),
            ("default", .string(dimension.defaultMode)),
        ])
    }

    /// A token for scripts: its value as `shown`, and where it has none in the context
    /// listed, why (`unresolved`).
    static func token(_ token: Token, shown: JSON, unresolved: String? = nil) -> JSON {
        var members: [(String, JSON)] = [
            ("path", .string(token.path)), ("type", .string(token.type.rawValue)), ("value", shown),
        ]
        if let unresolved { members.append(("unresolved", .string(unresolved))) }
        if let description = token.description { members.append(("description", .string(description))) }
        if let deprecation = token.deprecation {
            members.append(("deprecated", deprecation.reason.map { .string($0) } ?? .bool(true)))
        }
        if let id = token.id { members.append(("id", .string(id))) }
        if let successor = token.replacedBy { members.append(("replacedBy", .string(successor))) }
        if !token.dimensions.isEmpty {
            members.append(("dimensions", .array(token.dimensions.map { .string($0) })))
        }
        return .object(members)
    }
}
