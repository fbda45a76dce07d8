import CatalogModel
import CatalogOperations

/// `catalog export-changeset`: writes revisions as a file another catalog can apply.
struct ExportChangesetCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "export-changeset",
        abstract: "Write the changes between two revisions as a file another catalog can apply.",
        discussion: """
            The file carries the revisions after --from (the whole history without it) through \
            --to (default HEAD), each with its SQLite changeset, under a header naming the \
            catalog and the base and target revisions, and a SHA-256 checksum. --format json \
            writes a readable rendering of the same changes instead.
            """,
        options: [
            .option("--from", value: "rev", help: "The base revision (exclusive); default: the beginning."),
            .option("--to", value: "rev", help: "The last revision to include; default: HEAD."),
            SharedOptions.output("file", help: "Where to write (standard output when omitted, json only)."),
            SharedOptions.format(["changeset", "json"], help: "changeset (default) or json."), SharedOptions.json,
        ])

    let from: String?
    let to: String?
    let output: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        from = arguments.value("--from")
        to = arguments.value("--to")
        output = try SharedOptions.outputPath(arguments)
        json =
            try SharedOptions.chosenFormat(arguments, choices: ["changeset", "json"], default: "changeset") == "json"
        if !json && output == nil {
            throw UsageError("a binary changeset needs -o FILE", commandPath: arguments.commandPath)
        }
    }

    func run(_ context: CommandContext) throws {
        let catalog = try context.openCatalog()
        let file = try catalog.exportChangeset(from: from, to: to, readable: json)
        let data = file.data
        guard let output else {
            context.console.write(String(decoding: data, as: UTF8.self))
            return
        }
        try OutputFiles.write(data, to: output, context: context)
        let range = file.base.map { "\($0.shortID) (#\($0.sequence))" } ?? "the beginning"
        context.console.print(
            "Wrote \(file.revisionCount) revision\(file.revisionCount == 1 ? "" : "s") (after \(range) through "
                + "\(file.target.map { "\($0.shortID) (#\($0.sequence))" } ?? "nothing")) to \(output), \(Formatting.plural(data.count, "byte"))."
        )
    }
}

/// `catalog apply FILE`: applies a changeset file.
struct ApplyCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "apply", abstract: "Apply a changeset file exported from another copy of the catalog.",
        discussion: """
            Checks the checksum, skips the revisions this catalog already has, and applies the \
            rest in one transaction: on any conflict nothing is applied and each conflict is \
            listed with its table, key, local and incoming values. A file whose base this \
            catalog lacks, or that does not continue this catalog's history, is refused unless \
            --merge is given; with --merge the changes are applied (still all or nothing) and \
            recorded as one new local revision. Applying the same file twice changes nothing.
            """,
        arguments: [ArgumentSpec("file", help: "The changeset file.")],
        options: [
            .flag("--merge", help: "Apply even when the histories differ, as one new local revision."),
            .option("--author", value: "name", help: "The author of a merge revision (default: $USER)."),
        ])

    let file: String
    let merge: Bool
    let author: String?

    init(_ arguments: ParsedArguments) throws {
        file = arguments.argument("file") ?? "-"
        merge = arguments.flag("--merge")
        author = arguments.value("--author")
    }

    func run(_ context: CommandContext) throws {
        var progress: ProgressLine?
        defer { progress?.finish() }
        let (name, report) = try Catalog.apply(
            changesetAt: file, to: context.databasePath, merge: merge,
            author: author ?? RevisionOptions.defaultAuthor(environment: context.environment),
            waiting: try context.waiting()
        ) { name, done, total in
            progress = progress ?? context.progress("apply \(name)")
            progress?.update(done, of: total, step: "revisions")
        }
        progress?.finish()
        if report.applied.isEmpty && report.mergeRevision == nil {
            context.console.print(
                "Already up to date: this catalog has all \(report.skipped) revision\(report.skipped == 1 ? "" : "s") of \(name)."
            )
            return
        }
        for revision in report.applied {
            context.console.print("applied \(revision.shortID) (#\(revision.sequence)) \(revision.message)")
        }
        if let merged = report.mergeRevision {
            context.console.print(
                "Merged the changes as revision \(merged.shortID) (#\(merged.sequence)): \(merged.message)")
        }
        if report.skipped > 0 {
            context.console.print("(skipped \(report.skipped) revision\(report.skipped == 1 ? "" : "s") already here)")
        }
    }
}
