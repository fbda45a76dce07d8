import CatalogModel
import Foundation
import Testing

@testable import CatalogCLI

@Suite struct HelpTests {
    @Test func rootHelpHasEverySection() {
        let run = runCatalog(["--help"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("OVERVIEW: The single source of truth"))
        #expect(run.stdout.contains("\nUSAGE: catalog [--db <path>] <subcommand>\n"))
        #expect(run.stdout.contains("\nOPTIONS:\n  --db <path>"))
        #expect(run.stdout.contains("\nSUBCOMMANDS:\n  init "))
        #expect(run.stdout.contains("  migrate                 Apply pending migrations"))
        #expect(run.stdout.contains("See 'catalog help <subcommand>' for detailed help."))
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func noArgumentsPrintsRootHelp() {
        #expect(runCatalog([]).stdout == runCatalog(["--help"]).stdout)
    }

    @Test func subcommandHelpIsTheSameThreeWays() {
        let flag = runCatalog(["migrate", "--help"])
        #expect(flag.status == 0)
        #expect(flag.stdout.hasPrefix("OVERVIEW: Apply pending migrations, or list applied and pending ones.\n"))
        #expect(flag.stdout.contains("USAGE: catalog migrate [--status] [--json] [--db <path>]"))
        #expect(flag.stdout.contains("  --status                List applied and pending migrations"))
        #expect(!flag.stdout.contains("--version"))
        #expect(runCatalog(["help", "migrate"]).stdout == flag.stdout)
        #expect(runCatalog(["-h", "migrate"]).stdout == flag.stdout)
    }

    @Test func helpForUnknownCommandIsAUsageError() {
        let run = runCatalog(["help", "migrat"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown subcommand 'migrat'; did you mean 'migrate'?\n"))
    }

    @Test func versionPrintsTheVersion() {
        let run = runCatalog(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == CatalogCLI.version + "\n")
    }
}

@Suite struct UsageErrorTests {
    @Test func unknownCommandSuggestsTheClosest() {
        let run = runCatalog(["migrat"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                Error: Unknown subcommand 'migrat'; did you mean 'migrate'?
                Usage: catalog [--db <path>] <subcommand>
                  See 'catalog --help' for more information.

                """)
    }

    @Test func unknownOptionSuggestsTheClosest() {
        let run = runCatalog(["migrate", "--stauts"])
        #expect(run.status == 64)
        #expect(
            run.stderr == """
                Error: Unknown option '--stauts'; did you mean '--status'?
                Usage: catalog migrate [--status] [--json] [--db <path>]
                  See 'catalog migrate --help' for more information.

                """)
    }

    @Test func farOffWordsGetNoSuggestion() {
        let run = runCatalog(["frobnicate"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown subcommand 'frobnicate'\n"))
    }

    /// `catalog style add` is `catalog add-style`: said, rather than only "unknown".
    @Test func aVerbUnderItsNounPointsToTheCommand() {
        let run = runCatalog(["style", "add", "capsule.json"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown subcommand 'add' of style; to add a style: catalog add-style\n"))
    }

    @Test func unexpectedArgumentAndMissingValue() {
        let extra = runCatalog(["init", "extra"])
        #expect(extra.status == 64)
        #expect(extra.stderr.hasPrefix("Error: Unexpected argument 'extra'\n"))
        let missing = runCatalog(["migrate", "--db"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Error: Missing value for option '--db <path>'\n"))
    }

    @Test func flagWithValueAndInvalidCombination() {
        #expect(
            runCatalog(["migrate", "--status=yes"]).stderr.hasPrefix("Error: The flag '--status' does not take a value")
        )
        let json = runCatalog(["migrate", "--json"])
        #expect(json.status == 64)
        #expect(json.stderr.hasPrefix("Error: '--json' requires '--status'\n"))
    }

    @Test func versionIsARootOption() {
        let run = runCatalog(["migrate", "--version"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--version'\n"))
    }
}

@Suite struct ParserTests {
    @Test func globalOptionsAreAcceptedBeforeOrAfterTheCommand() throws {
        let root = RootCommand.self
        for words in [
            ["--db", "x.db", "migrate", "--status"], ["migrate", "--status", "--db", "x.db"],
            ["migrate", "--db=x.db", "--status"],
        ] {
            let (invocation, global) = try ArgumentParser.parse(words, root: root)
            #expect(global.databasePath == "x.db")
            guard case .run(let type, let parsed) = invocation else {
                Issue.record("expected a run for \(words)")
                continue
            }
            #expect(type.spec.name == "migrate")
            #expect(parsed.flag("--status"))
        }
    }

    @Test func doubleDashEndsOptions() throws {
        let (invocation, _) = try ArgumentParser.parse(["help", "--", "migrate"], root: RootCommand.self)
        guard case .run(_, let parsed) = invocation else {
            Issue.record("expected a run")
            return
        }
        #expect(parsed.variadic("subcommand") == ["migrate"])
    }

    @Test func suggestionDistance() {
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("inti", "init") == 1)
        #expect(Suggestion.closest(to: "--jsn", in: ["--json", "--status"]) == "--json")
        #expect(Suggestion.closest(to: "--zzzzzz", in: ["--json", "--status"]) == nil)
    }
}

@Suite struct DatabaseSelectionTests {
    @Test func optionBeatsEnvironmentBeatsDefault() {
        #expect(CommandContext.databasePath(option: "a.db", environment: ["CATALOG_DB": "b.db"]).path == "a.db")
        #expect(CommandContext.databasePath(option: nil, environment: ["CATALOG_DB": "b.db"]).path == "b.db")
        #expect(CommandContext.databasePath(option: nil, environment: ["CATALOG_DB": ""]).path == "catalog.db")
        #expect(CommandContext.databasePath(option: nil, environment: [:]).path == "catalog.db")
        let settings = ProjectSettings(file: "/repo/.catalog.json", database: "/repo/design/catalog.db")
        let fromFile = CommandContext.databasePath(option: nil, environment: [:], settings: settings)
        #expect(fromFile.path == "/repo/design/catalog.db" && fromFile.source == "/repo/.catalog.json")
        #expect(
            CommandContext.databasePath(option: nil, environment: ["CATALOG_DB": "b.db"], settings: settings).path
                == "b.db")
    }
}
