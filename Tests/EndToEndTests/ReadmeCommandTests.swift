import Foundation
import TestSupport
import Testing

/// Every `catalog …` (and `swift run catalog …`) command in the README's `sh` blocks, run
/// in order with the built binary in a folder that sees the repository's `Examples` and
/// `Tests`: each must exit 0, so no README example can break unseen.
@Suite struct ReadmeCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The commands of the README's `sh` blocks, as argument lists (quotes honoured, a
    /// trailing `# comment` and a `> file` redirection dropped).
    static func commands() throws -> [(line: String, arguments: [String])] {
        let readme = try String(contentsOf: repository.appending(path: "README.md"), encoding: .utf8)
        var commands: [(String, [String])] = []
        var inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                continue
            }
            guard inShell else { continue }
            let words = shellWords(String(line))
            let start = words.starts(with: ["swift", "run", "catalog"]) ? 3 : words.first == "catalog" ? 1 : nil
            guard let start else { continue }
            commands.append((String(line), Array(words[start...])))
        }
        return commands
    }

    /// `a 'b c' # d > e` → `a`, `b c`: words as a POSIX shell splits them, up to a comment
    /// or a redirection.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if !inWord && (character == "#" || character == ">") {
                return words
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test func shellWordsSplitAsAShellDoes() {
        #expect(
            shellWords("catalog export changelog --from '#1' --to HEAD   # note") == [
                "catalog", "export", "changelog", "--from", "#1", "--to", "HEAD",
            ])
        #expect(
            shellWords("catalog --generate-completion-script fish > ~/x") == [
                "catalog", "--generate-completion-script", "fish",
            ])
    }

    func shellWords(_ line: String) -> [String] { Self.shellWords(line) }

    @Test func everyReadmeCommandRunsOnASeededCatalog() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 15, "the README's sh blocks hold the commands: \(commands.map(\.line))")
        #expect(commands.first?.arguments == ["seed"], "the first command seeds the catalog")
        let folder = try TemporaryDirectory()
        for name in ["Examples", "Tests"] {
            try FileManager.default.createSymbolicLink(
                at: folder.url.appending(path: name), withDestinationURL: Self.repository.appending(path: name))
        }
        for (line, arguments) in commands {
            let run = try CatalogProcess.run(
                arguments, environment: ["CATALOG_DB": folder.path("catalog.db")], directory: folder.url, timeout: 300)
            // Without catalog-scan (no SwiftParser here), `usage scan` must say so; what
            // follows it then finds no call sites but still runs.
            if arguments.starts(with: ["usage", "scan"]) && !ScanHelper.shouldRun {
                #expect(run.status == 1 && run.stderr.contains("usage scan needs catalog-scan"), "README: \(line)")
                continue
            }
            #expect(run.status == 0, "README: \(line)\n\(run.stderr)")
        }
    }
}
