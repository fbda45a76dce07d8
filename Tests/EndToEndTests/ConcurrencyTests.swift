import CatalogModel
import CatalogStore
import Foundation
import TestSupport
import Testing

/// Eight writers publishing at once through the built binary.
@Suite struct ConcurrencyTests {
    static let capsule = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Examples/capsule.json")

    @Test func eightWritersLoseNothingAndKeepALinearHistory() throws {
        let writers = 8
        let styles = 100
        let themes = 10
        let directory = try TemporaryDirectory()
        let database = directory.path("shared.db")
        #expect(try CatalogProcess.run(["--db", database, "seed"]).status == 0)
        let template = try String(contentsOf: Self.capsule, encoding: .utf8)
        // Every writer's documents, written before the race starts.
        for writer in 0..<writers {
            for index in 0..<styles {
                let text = template.replacingOccurrences(
                    of: "\"name\": \"capsule\"", with: "\"name\": \"capsule-\(writer)\""
                )
                .replacingOccurrences(of: "\"version\": \"1.0.0\"", with: "\"version\": \"1.0.\(index)\"")
                try Data(text.utf8).write(to: directory.url.appending(path: "style-\(writer)-\(index).json"))
            }
            for index in 0..<themes {
                let text = """
                    { "$extensions": { "catalog.theme": { "name": "Writer\(writer)", "version": "1.0.\(index)" } },
                      "color": { "$type": "color", "$value": "#\(String(format: "%06x", writer * 1000 + index))" } }
                    """
                try Data(text.utf8).write(to: directory.url.appending(path: "theme-\(writer)-\(index).json"))
            }
        }
        let failures = Failures()
        let group = DispatchGroup()
        let folder = directory.url.path
        for writer in 0..<writers {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for index in 0..<max(styles, themes) {
                    var runs: [[String]] = []
                    if index < themes { runs.append(["theme", "add", "\(folder)/theme-\(writer)-\(index).json"]) }
                    if index < styles { runs.append(["add-style", "\(folder)/style-\(writer)-\(index).json"]) }
                    for arguments in runs {
                        // Checked below as a whole, and by `check` runs beside the writers.
                        let result = try? CatalogProcess.run(["--db", database] + arguments, checked: false)
                        if result?.status != 0 {
                            failures.add("\(arguments.last ?? ""): \(result?.stderr ?? "did not run")")
                        }
                    }
                }
            }
        }
        // `check` reads one snapshot: beside the writers it finds nothing wrong.
        var checks: [CatalogProcess.Result] = []
        while group.wait(timeout: .now() + 0.5) == .timedOut {
            checks.append(try CatalogProcess.run(["--db", database, "check"]))
        }
        #expect(failures.messages.isEmpty, "\(failures.messages.prefix(5))")
        #expect(!checks.isEmpty && checks.allSatisfy { $0.status == 0 }, "\(checks.map(\.stderr).prefix(3))")
        let repository = try Repository(path: database, mode: .mustExist)
        #expect(try repository.styleSummaries().filter { $0.name.hasPrefix("capsule-") }.count == writers * styles)
        #expect(try repository.themeSummaries().filter { $0.name.hasPrefix("Writer") }.count == writers * themes)
        let history = try repository.revisions().reversed()
        #expect(history.count == 1 + writers * (styles + themes))
        var previous: Revision?
        for revision in history {
            #expect(revision.parent == previous?.id && revision.sequence == (previous?.sequence ?? 0) + 1)
            #expect(
                revision.id
                    == Revision.id(
                        parent: revision.parent, contentHash: revision.contentHash, message: revision.message,
                        author: revision.author, createdAt: revision.createdAt))
            previous = revision
        }
        #expect(previous?.contentHash == (try repository.contentHash()))
    }
}

/// Failures reported from the writer threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var messages: [String] = []

    func add(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }
}
