import Foundation

// catalog-bench: generates synthetic catalogs (deterministic), times the `catalog`
// binary on them against baselines run here too (the sqlite3 shell, sqldiff, rg, bare
// SwiftParser), and prints a table of medians, ratios and peak memory, also as JSON.

let usage = """
    USAGE: catalog-bench [--quick] [--scales 10000,100000,1000000] [--runs N] [--tree-mb N]
                         [--styles 1000,10000] [--specs N] [--only GROUP,…] [--json FILE]
                         [--catalog PATH]

      --quick       10,000 tokens, 1,000 styles, 100 specs, a 5 MB tree, one run (under a minute)
      --scales      token counts (default 10000,100000,1000000)
      --runs        runs per measurement; the median is reported (default 3)
      --tree-mb     size of the generated Swift tree for usage scan (default 55)
      --styles      style-version counts (default 1000,10000); --specs spec versions (default 1000)
      --only        run only these groups: tokens (themes, MCP latency, docs), documents, intake,
                    dimensions, corpus, usage (default: all)
      --json        where to write the results (default catalog-bench.json)
      --catalog     the catalog binary (default: the one built beside this program)
    """

var options = Options()
var arguments = Array(CommandLine.arguments.dropFirst())
while let argument = arguments.first {
    arguments.removeFirst()
    func value() -> String {
        guard let next = arguments.first else { Measure.fail("\(argument) needs a value\n\(usage)") }
        arguments.removeFirst()
        return next
    }
    func numbers() -> [Int] {
        let text = value()
        let parsed = text.split(separator: ",").compactMap { Int($0) }
        guard !parsed.isEmpty else { Measure.fail("\(argument): expected numbers, got \(text)") }
        return parsed
    }
    switch argument {
    case "--quick": options.quick()
    case "--scales": options.scales = numbers()
    case "--runs": options.runs = numbers()[0]
    case "--tree-mb": options.treeMegabytes = numbers()[0]
    case "--styles": options.styleCounts = numbers()
    case "--specs": options.specs = numbers()[0]
    case "--only":
        let chosen = value().split(separator: ",").map(String.init)
        if let unknown = chosen.first(where: { !Options.groups.contains($0) }) {
            Measure.fail("--only: unknown group \(unknown) (groups: \(Options.groups.joined(separator: ", ")))")
        }
        options.only = Set(chosen)
    case "--json": options.json = value()
    case "--catalog": options.catalog = value()
    case "-h", "--help":
        print(usage)
        exit(0)
    default: Measure.fail("unknown argument \(argument)\n\(usage)")
    }
}

let bench = Bench(options: options)
bench.runAll()
