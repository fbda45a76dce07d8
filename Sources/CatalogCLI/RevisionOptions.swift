import CatalogModel
import CatalogOperations
import CatalogSystem
import Foundation

/// `-m/--message` and `--author` as a writing command received them.
struct RevisionOptions: Sendable {
    /// The message given, or `nil` for the command's default.
    let message: String?
    /// The author given, or `nil` for ``defaultAuthor(environment:)``.
    let authorOption: String?

    init(_ arguments: ParsedArguments) {
        message = arguments.value("--message")
        authorOption = arguments.value("--author")
    }

    /// The author: `--author`, else ``defaultAuthor(environment:)``.
    func author(_ context: CommandContext) -> String {
        authorOption ?? Self.defaultAuthor(environment: context.environment)
    }

    /// Who a revision is by when `--author` does not say, as git would sign a commit made
    /// here: `$GIT_AUTHOR_NAME`, else `git config user.name` (the repository's, else the
    /// user's), else `$USER` or `$LOGNAME`, else the account's name, else "unknown".
    static func defaultAuthor(environment: [String: String]) -> String {
        let given = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let name = given("GIT_AUTHOR_NAME") ?? gitUserName(environment: environment) ?? given("USER")
            ?? given("LOGNAME")
        {
            return name
        }
        if let account = getpwuid(getuid())?.pointee.pw_name, case let name = String(cString: account), !name.isEmpty {
            return name
        }
        return "unknown"
    }

    /// `git config user.name`, when git is on the `PATH` and has one.
    private static func gitUserName(environment: [String: String]) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard
            let git = folders.lazy.map({ "\($0)/git" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        var output = Data()
        let ending = try? ChildProcess.run(git, arguments: ["config", "user.name"], errors: "/dev/null") {
            output.append($0)
        }
        guard ending == .exited(0) else { return nil }
        let name = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    /// The revision's message (`--message`, else `defaultMessage`) and author.
    func note(_ defaultMessage: String, _ context: CommandContext) -> RevisionNote {
        RevisionNote(message: message ?? defaultMessage, author: author(context))
    }
}

extension CommandContext {
    /// Says which revision a write recorded (nothing when it changed nothing).
    func report(_ revision: Revision?) {
        guard let revision else { return }
        console.print("Recorded revision \(revision.shortID) (#\(revision.sequence)): \(revision.message)")
    }
}
