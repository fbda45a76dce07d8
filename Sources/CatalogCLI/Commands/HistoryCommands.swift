import CatalogChanges
import CatalogModel
import CatalogOperations

/// `catalog log`: the revision history, newest first.
struct LogCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "log", abstract: "Show the catalog's revisions, newest first.",
        options: [
            .option("-n", "--max-count", value: "n", help: "Show at most this many revisions."), SharedOptions.json,
        ])

    let limit: Int?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        limit = try arguments.integer("--max-count")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let revisions = try context.openCatalog().revisions(limit: limit)
        if json {
            context.console.write(Formatting.json(.array(revisions.map(\.json))))
            return
        }
        if revisions.isEmpty {
            context.console.print(
                "No revisions yet: commands that change content (seed, theme add, add-style, spec add) record them.")
            return
        }
        for revision in revisions {
            context.console.print("revision \(revision.id)  #\(revision.sequence)")
            context.console.print("Author:  \(revision.author)")
            context.console.print("Date:    \(revision.createdAt)")
            context.console.print("Content: \(revision.contentHash)")
            context.console.print("\n    \(revision.message)\n")
        }
    }
}

/// `catalog show REV`: one revision and what it changed.
struct ShowCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "show", abstract: "Show a revision and summarize what it changed.",
        arguments: [ArgumentSpec("rev", help: "HEAD (default), HEAD~N, #N or an id prefix.", isOptional: true)],
        options: [SharedOptions.json])

    let reference: String
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        reference = arguments.argument("rev") ?? "HEAD"
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws {
        let catalog = try context.openCatalog()
        let (revision, summary) = try catalog.revision(reference)
        if json {
            guard case .object(var members) = revision.json.kind else { return }
            members.append(
                (
                    "changes",
                    .array(
                        summary.entries.map {
                            .object([
                                ("kind", .string($0.kind.rawValue)), ("name", .string($0.name)),
                                ("version", .string($0.version)), ("action", .string($0.action.rawValue)),
                            ])
                        })
                ))
            members.append(
                (
                    "rows",
                    .object(
                        summary.tables.sorted { $0.key < $1.key }.map {
                            (
                                $0.key,
                                .object([
                                    ("inserted", .number(Double($0.value.inserted))),
                                    ("updated", .number(Double($0.value.updated))),
                                    ("deleted", .number(Double($0.value.deleted))),
                                ])
                            )
                        })
                ))
            context.console.write(Formatting.json(JSON(.object(members))))
            return
        }
        context.console.print("revision \(revision.id)  #\(revision.sequence)")
        if let parent = revision.parent { context.console.print("Parent:  \(parent)") }
        context.console.print(
            "Author:  \(revision.author)\nDate:    \(revision.createdAt)\nContent: \(revision.contentHash)")
        context.console.print("\n    \(revision.message)\n")
        for entry in summary.entries {
            context.console.print("  \(entry.action.rawValue) \(entry.kind) \(entry.name) \(entry.version)")
        }
        // What changed in the catalog's terms above; the rows behind it only when asked.
        let rows = summary.tables.values.reduce(0) { $0 + $1.inserted + $1.updated + $1.deleted }
        let diff =
            revision.parent == nil
            ? "" : "; catalog diff #\(revision.sequence - 1) #\(revision.sequence) shows each change"
        guard context.verbose else {
            let tables = summary.tables.count
            context.console.print(
                "\n  \(rows) row\(rows == 1 ? "" : "s") in \(tables) table\(tables == 1 ? "" : "s")"
                    + " (--verbose lists them\(diff))")
            return
        }
        let table = summary.tables.sorted { $0.key < $1.key }.map { table, counts in
            ["  " + table, "+\(counts.inserted)", "~\(counts.updated)", "-\(counts.deleted)"]
        }
        context.console.write("\n" + Formatting.table(table, header: ["  TABLE", "INSERTED", "UPDATED", "DELETED"]))
    }
}
