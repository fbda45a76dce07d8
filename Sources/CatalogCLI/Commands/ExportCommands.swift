import CatalogModel
import CatalogOperations
import Foundation

/// `catalog export`: documentation and release notes.
struct ExportCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "export", abstract: "Export documentation, a changelog, or a Swift package of tokens and styles.",
        subcommands: [ExportDocsCommand.self, ExportChangelogCommand.self, ExportSwiftCommand.self])
}

/// `catalog export docs --format markdown|json --output DIR`.
struct ExportDocsCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "docs", abstract: "Write documentation for every component, style and theme.",
        discussion: """
            markdown: one page per component spec, style and theme, and an index, linked \
            relatively. docc: the same as articles of ComponentCatalog.docc under a technology \
            root with topic groups, for `docc convert`. html: a static site that works from file:// \
            (a sidebar and a search over components, styles, themes and tokens; a page per component, \
            style and theme, and per earlier published version, with a version switcher; SVG previews of \
            every state × role × mode with WCAG contrast badges; theme swatches with their Swift names, \
            type specimens and scales; usable at phone width). json: one document (format catalog.docs/1, Schemas/docs.schema.json) \
            with every document and resolved value. File names are derived from catalog names \
            and sanitized; nothing is written outside --output, and the folder is replaced in one step. The same catalog gives the same bytes.
            """,
        options: [
            .option(
                "--format", value: "format",
                help: "\(DocsExport.Format.allCases.map(\.rawValue).joined(separator: ", ")) (default: markdown)."
            )
            .completing(DocsExport.Format.allCases.map(\.rawValue)),
            SharedOptions.output(
                "dir", help: "The folder to write (created when missing; an earlier export there is replaced whole)."),
            .option(
                "--theme", value: "name[@version]",
                help:
                    "Resolve every style in this theme instead of its own (a brand's look of the whole catalog); every theme still gets its pages."
            ).completing(.theme),
            .option(
                "--mode", value: "mode",
                help:
                    "A mode to document in, such as dark or Brand=Forest (repeatable, one per dimension: together one context), or all for each mode apart (default: each theme's defaults).",
                repeatable: true
            ).completing(.mode),
        ])

    let format: DocsExport.Format
    let output: String
    let theme: VersionedName?
    let modes: [String]

    init(_ arguments: ParsedArguments) throws {
        format = try arguments.choice("--format", default: DocsExport.Format.markdown)
        guard let output = try SharedOptions.outputPath(arguments) else {
            throw UsageError("Missing --output <dir>", commandPath: arguments.commandPath)
        }
        self.output = output
        theme = try arguments.value("--theme").map { try SharedOptions.reference($0, arguments, what: "a theme") }
        modes = arguments.values("--mode")
        if modes.count > 1, modes.contains("all") {
            throw UsageError("--mode all documents every mode apart; give it alone", commandPath: arguments.commandPath)
        }
        commandPath = arguments.commandPath
    }

    let commandPath: [String]

    func run(_ context: CommandContext) throws {
        let catalog = try context.openCatalog()
        if let theme { try SharedOptions.checkTheme(theme, in: catalog, commandPath: commandPath) }
        let known = ["all"] + (try catalog.docsModes())
        for mode in modes { try ParsedArguments.check(mode, option: "--mode", among: known, commandPath: commandPath) }
        let export = try catalog.docs(format: format, theme: theme, modes: modes)
        if export.missingPreviews > 0 {
            context.console.writeError(
                "warning: \(export.missingPreviews) of \(export.previews + export.missingPreviews) previews cannot be drawn: a theme lacks tokens a style needs (each style page says which)\n"
            )
        }
        let files = export.files
        try OutputFiles.writeFolder(files.mapValues { Data($0.utf8) }, to: output, context: context)
        context.console.print("Wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(output).")
    }
}

/// `catalog export changelog --from REV_A --to REV_B [--format markdown|json|html] [-o FILE]`.
struct ExportChangelogCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "changelog",
        abstract: "Write the changes between two revisions as a release note, breaking changes first.",
        discussion: """
            markdown and json list the changes by level. html is a visual changelog: one page, \
            self-contained, with every changed token linked to the styles it reaches, and for every \
            style whose appearance changed its previews before and after, side by side per mode, role \
            and state, with the resolved values that changed and the contrast before and after.
            """,
        options: [
            .option("--from", value: "rev", help: "The old revision (default: HEAD~1)."),
            .option("--to", value: "rev", help: "The new revision (default: HEAD)."),
            SharedOptions.format(["markdown", "json", "html"], help: "markdown (default), json or html."),
            SharedOptions.json,
            SharedOptions.output("file", help: "Write to this file instead of standard output."),
        ])

    let from: String?
    let to: String?
    let format: ChangelogExport.Format
    let output: String?

    init(_ arguments: ParsedArguments) throws {
        from = arguments.value("--from")
        to = arguments.value("--to")
        let chosen = try SharedOptions.chosenFormat(
            arguments, choices: ChangelogExport.Format.allCases.map(\.rawValue), default: "markdown")
        format = ChangelogExport.Format(rawValue: chosen) ?? .markdown
        output = try SharedOptions.outputPath(arguments)
    }

    func run(_ context: CommandContext) throws {
        let text = try context.openCatalog().changelog(from: from, to: to, format: format)
        if let output {
            try OutputFiles.write(Data(text.utf8), to: output, context: context)
            context.console.print("Wrote \(output).")
        } else {
            context.console.write(text)
        }
    }
}

/// `catalog export swift --theme NAME[@VERSION] [--style NAME…] [--module NAME] [--prefix P] -o DIR`.
struct ExportSwiftCommand: CatalogCommand {
    static let spec = CommandSpec(
        name: "swift", abstract: "Write a Swift package of a theme's tokens, its asset colors and button styles.",
        discussion: """
            The package holds the theme's tokens as constants of plain value types (colors in \
            their declared space, dimensions as CGFloat points with px 1:1 and rem at 16 pt, \
            Moded values where a token differs by mode), SwiftUI helpers and one ButtonStyle per \
            --style (with its static member, so .buttonStyle(.capsule) works) behind \
            #if canImport(SwiftUI), shortcuts (Color.dfTextPrimary, .foregroundStyle(.dfTextPrimary), \
            UIColor, UIFont, .tokenFont(.dfTitle)), typography scaling with Dynamic Type, Apple's \
            system colors as the system's own, styles drawing every state they define (hover, \
            focus, loading included) with a 44 pt tap target (60 on visionOS) and an opacity \
            change under Reduce Motion, previews per style (light, dark, accessibility size, \
            right to left), glass styles drawn with Liquid Glass where the system has it, and \
            Colors.xcassets with an appearance per mode. Declarations carry the availability their \
            API needs on iOS 15, macOS 12, tvOS 15, watchOS 8 and visionOS 1. Styles are \
            resolved in the theme given, whatever theme they name: a style named that the theme \
            cannot resolve is an error naming every token it lacks; --style all takes every \
            published style the theme can resolve and names the others. Every file names the \
            theme's version, the styles' file each style's; the same theme and styles give the \
            same bytes. Names: groups become types, tokens members; names that would clash \
            (15x and 1_5x) are spelled as written (_15x, _1_5x); Type and Protocol take a trailing \
            _, a group named like a platform type its plural (color: Colors); --rename PATH=NAME chooses a name; a clash no rule settles is an error naming both. \
            A theme with dimensions gets a context type (<Theme>Context, one mode per dimension) \
            in which every token resolves as theme show does, combinations included; --mode \
            chooses the default context. A token only some modes define is a Moded<Value?>. \
            Every token is declared Moded<Value> whatever its modes, so that gaining a mode \
            changes no declaration. --theme repeated (--theme Orange --theme Sosh --module \
            OUDSTokens) writes one package of themes of the same dimensions: the themes are the \
            modes of a dimension theme, first in the context type, so an app imports one module \
            and switches theme at run time (.oudsContext(OUDSContext(theme: .sosh))); static \
            accessors hold the first theme's values. The summary counts what was not generated, \
            by reason.
            """,
        options: [
            .option(
                "--theme", value: "name[@version]",
                help:
                    "The theme (default version: the latest; default theme: the project file's); repeated, several themes of one shape in one module, switched at run time (the first the default).",
                repeatable: true
            ).completing(.theme),
            .option(
                "--style", value: "name", help: "A published style to generate (repeatable; 'all' for every style).",
                repeatable: true
            ).completing(.style),
            .option("--module", value: "name", help: "The module name (default: <Theme>Tokens)."),
            .option(
                "--prefix", value: "prefix",
                help:
                    "The shortcuts' prefix: Color.<prefix>TextPrimary (default: the theme's capitals, df for DesignFoundation)."
            ),
            .option(
                "--mode", value: "dimension=mode",
                help: "A mode of the default context the constants hold (repeatable, one per dimension).",
                repeatable: true
            ).completing(.mode),
            .option(
                "--rename", value: "path=name", help: "The Swift name of a group or token (repeatable).",
                repeatable: true),
            SharedOptions.output(
                "dir", help: "The package folder to write (created when missing; an earlier export is replaced whole)."),
        ])

    let themes: [VersionedName]
    let modes: [String]
    let renames: [String: String]
    let styles: [String]
    let module: String?
    let prefix: String?
    let output: String
    let commandPath: [String]

    init(_ arguments: ParsedArguments) throws {
        commandPath = arguments.commandPath
        // No --theme: the project file's (checked when the command runs).
        self.themes = try arguments.values("--theme").map {
            try SharedOptions.reference($0, arguments, what: "a theme")
        }
        guard let output = try SharedOptions.outputPath(arguments) else {
            throw UsageError("Missing --output <dir>", commandPath: arguments.commandPath)
        }
        self.output = output
        styles = arguments.values("--style")
        module = arguments.value("--module")
        prefix = arguments.value("--prefix")
        modes = arguments.values("--mode")
        var renames: [String: String] = [:]
        for item in arguments.values("--rename") {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw UsageError(
                    "--rename \(NameRules.quoted(item)) is not PATH=NAME (a token or group path, then its Swift name)",
                    commandPath: arguments.commandPath)
            }
            let path = String(item[..<equals])
            guard renames.updateValue(String(item[item.index(after: equals)...]), forKey: path) == nil else {
                throw UsageError("--rename \(path) is given twice", commandPath: arguments.commandPath)
            }
        }
        self.renames = renames
    }

    func run(_ context: CommandContext) throws {
        let themes = self.themes.isEmpty ? context.settings?.theme.map { [$0] } ?? [] : self.themes
        guard !themes.isEmpty else {
            throw UsageError(
                "Missing --theme <name[@version]> (or \"theme\" in a \(ProjectSettings.fileName))",
                commandPath: commandPath)
        }
        let catalog = try context.openCatalog()
        // An unknown --theme is a usage error, as for every command that takes one; the
        // project file's theme is that file's mistake.
        if self.themes.isEmpty, let settings = context.settings {
            for theme in themes { try SharedOptions.checkProjectTheme(theme, of: settings, in: catalog) }
        }
        for theme in themes { try SharedOptions.checkTheme(theme, in: catalog, commandPath: commandPath) }
        let package: SwiftExport
        do {
            package = try catalog.swiftPackage(
                of: themes[0], with: Array(themes.dropFirst()), modes: modes, styles: styles, module: module,
                prefix: prefix, renames: renames)
        } catch let error as ModeContextError {
            throw SharedOptions.usageError(error, commandPath: commandPath)
        }
        for (style, reason) in package.skipped {
            context.console.diagnose(.warning, "style \(style.name) \(style.version) not generated: \(reason)")
        }
        try OutputFiles.writeFolder(package.files.mapValues { Data($0.utf8) }, to: output, context: context)
        // What was not generated is counted, never silently dropped: tokens with no Swift
        // value (named in the theme's source) and flagged ones (catalog theme problems).
        let theme = package.theme
        let generated =
            package.tokenCount == theme.tokens
            ? "\(Formatting.count(package.tokenCount))"
            : "\(Formatting.count(package.tokenCount)) of \(Formatting.count(theme.tokens))"
        let unresolved =
            theme.refused == 0
            ? ""
            : " (\(Formatting.count(theme.refused)) unresolved not generated: catalog theme problems \(theme.name)@\(theme.version))"
        let styleCount = package.styles.count
        let source =
            package.otherThemes.isEmpty
            ? "\(theme.name) \(theme.version)\(unresolved)"
            : "themes "
                + ([(theme.name, theme.version)] + package.otherThemes).map { "\($0.0) \($0.1)" }.joined(
                    separator: ", ")
        context.console.print(
            "Wrote package \(package.module) to \(output): \(generated) tokens of \(source), \(package.assetColorCount) asset colors, \(styleCount) button \(styleCount == 1 ? "style" : "styles")."
        )
        let first = { (paths: [String]) in
            paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? ", …" : "")
        }
        for (reason, paths) in package.omitted {
            context.console.print("  \(Formatting.count(paths.count)) not generated: \(reason) — \(first(paths))")
        }
        if !package.optional.isEmpty {
            context.console.print(
                "  \(Formatting.count(package.optional.count)) without a value in the default context, generated as optionals (Moded<Value?>; --mode chooses the default context) — \(first(package.optional))"
            )
        }
        if !package.partial.isEmpty {
            context.console.print(
                "  \(Formatting.count(package.partial.count)) without a value in some modes (not defined there, or referring to a token missing there; the default stands in) — \(first(package.partial))"
            )
        }
        if !package.uncombined.isEmpty {
            context.console.print(
                "  \(Formatting.count(package.uncombined.count)) without their values in combinations of modes (more than \(SwiftExport.largestCombinationCount) each) — \(first(package.uncombined))"
            )
        }
        for note in package.renamedModes {
            context.console.diagnose(.warning, note + " in Swift (its name as written would clash or not compile)")
        }
    }
}
