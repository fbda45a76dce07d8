import CatalogModel
import Foundation
import TestSupport
import Testing

@testable import CatalogCLI

/// The command-line contract (README → Conventions), checked over every command of the
/// tree: the table below must name each command once, with what it is; each kind gets
/// the same options under the same names, the same JSON key casing and the same exit
/// codes for a bad option value.
@Suite struct ConventionTests {
    enum Kind {
        /// Answers a question: takes `--json`; its arguments for a sample run.
        case read([String])
        /// Writes a file or folder: `-o/--output` (`--out` kept).
        case output
        /// Compares: a read that also takes `--exit-code`.
        case diff([String])
        /// Records a revision: `-m/--message` and `--author`.
        case records
        /// Anything else (init, help, migrate, apply, usage scan, mcp, groups).
        case other
    }

    static let table: [String: Kind] = [
        "": .other, "init": .other, "migrate": .other, "seed": .records, "help": .other, "apply": .other,
        "theme": .other, "theme add": .records, "theme list": .read([]), "theme show": .read(["DesignFoundation"]),
        "theme problems": .read(["DesignFoundation"]),
        "theme export": .output, "theme diff": .diff(["DesignFoundation@0.2.0", "DesignFoundation@1.0.3"]),
        "add-style": .records, "style": .other, "style list": .read([]), "style show": .read(["DFButton.filled"]),
        "style resolve": .read(["DFButton.filled"]),
        "style diff": .diff(["DFButton.filled@0.2.0", "DFButton.filled@1.0.3"]),
        "spec": .other, "spec add": .records, "spec list": .read([]), "spec show": .read(["DFButton"]),
        "spec diff": .diff(["DFButton@0.2.0", "DFButton@1.2.0"]),
        "log": .read([]), "show": .read(["HEAD"]), "diff": .diff([]), "export-changeset": .output,
        "export": .other, "export docs": .output, "export changelog": .read([]), "export swift": .output,
        "usage": .read(["DFButton"]), "usage scan": .other, "lint": .read(["--error-on", "never"]),
        "impact": .read(["DesignFoundation@0.2.0", "DesignFoundation@1.0.3"]), "check": .read([]), "schema": .read([]),
        "config": .read([]),
        "mcp": .other,
    ]

    static let nodes = CompletionScripts.nodes(RootCommand.self)

    @Test func everyCommandIsInTheTableAndFollowsItsKind() {
        let paths = Self.nodes.map { $0.path.joined(separator: " ") }
        #expect(Set(paths) == Set(Self.table.keys), "the table and the command tree differ")
        for node in Self.nodes {
            let path = node.path.joined(separator: " ")
            let names = Set(node.spec.options.flatMap(\.names))
            switch Self.table[path] {
            case .read?:
                #expect(names.contains("--json"), "\(path) is a read command without --json")
            case .diff?:
                #expect(names.isSuperset(of: ["--json", "--exit-code"]), "\(path) lacks --json or --exit-code")
            case .output?:
                let output = node.spec.options.first { $0.names.contains("--output") }
                #expect(output?.names == ["-o", "--out", "--output"], "\(path) writes without -o/--output")
            case .records?:
                #expect(names.isSuperset(of: ["-m", "--message", "--author"]), "\(path) records without -m/--author")
            default:
                break
            }
            // One spelling for each thing everywhere: no stray output or format names.
            #expect(names.isDisjoint(with: ["--out-dir", "--outfile", "--fmt", "--exitcode"]), "\(path)")
            for option in node.spec.options where option.canonicalName == "--format" {
                #expect(!option.choices.isEmpty, "\(path) --format has no declared choices")
            }
        }
    }

    @Test func everyReadCommandsJSONIsCamelCaseAndParses() throws {
        let catalog = try SeededCatalog()
        #expect(catalog.run(["add-style", capsulePath]).status == 0)
        for node in Self.nodes {
            let path = node.path.joined(separator: " ")
            let arguments: [String]
            switch Self.table[path] {
            case .read(let sample)?, .diff(let sample)?: arguments = node.path + sample + ["--json"]
            default: continue
            }
            let run = catalog.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            guard let json = try? JSONParser.parse(run.stdout, file: path) else {
                Issue.record("\(arguments) printed no JSON: \(run.stdout.prefix(200))")
                continue
            }
            var badKeys: [String] = []
            func walk(_ value: JSON, at place: String) {
                if let members = value.object {
                    for (key, member) in members {
                        // Keys that are data (token paths, mode, dimension and table names) are not casing.
                        let data = ["context", "summary", "values", "modes", "platforms", "availability", "rows"]
                            .contains(
                                place.split(separator: ".").last.map(String.init) ?? "")
                        if !data && (key.contains("_") || key.first?.isUppercase == true) {
                            badKeys.append("\(place).\(key)")
                        }
                        walk(member, at: "\(place).\(key)")
                    }
                }
                for element in value.array ?? [] { walk(element, at: place) }
            }
            walk(json, at: "$")
            #expect(badKeys.isEmpty, "\(path): keys not in camelCase: \(badKeys.prefix(5))")
        }
    }

    @Test func everyEnumeratedOptionRefusesAnUnknownValueWithUsage() throws {
        let catalog = try SeededCatalog()
        for node in Self.nodes {
            for option in node.spec.options where !option.choices.isEmpty {
                var arguments = node.path
                if case .read(let sample)? = Self.table[node.path.joined(separator: " ")] { arguments += sample }
                if case .diff(let sample)? = Self.table[node.path.joined(separator: " ")] { arguments += sample }
                if node.path == ["export", "docs"] || node.path == ["export-changeset"] {
                    arguments += ["-o", catalog.directory.path("out-\(node.path.joined(separator: "-"))")]
                }
                if node.path == ["theme", "export"] { arguments += ["DesignFoundation"] }
                if node.path == ["theme", "add"] { arguments += ["-"] }
                let run = catalog.run(arguments + [option.canonicalName, "bogus"])
                #expect(run.status == 64, "\(arguments) \(option.canonicalName) bogus: \(run.status) \(run.stderr)")
                #expect(run.stderr.contains("bogus"), "\(arguments): \(run.stderr)")
            }
        }
    }
}
