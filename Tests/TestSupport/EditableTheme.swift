import CatalogModel
import CatalogStore
import CatalogTokenFiles
import Foundation

/// A synthetic theme that random edits change version by version.
public struct EditableTheme {
    public var name = "Synthetic"
    public var version = Semver(1, 0, 0)
    public var tokens: [String: Token] = [:]
    public var counter = 0

    /// A theme of `size` colors, one in three from the fourth on an alias of the one before.
    public init(size: Int) {
        for index in 0..<size { add(index) }
    }

    /// Adds token number `index`.
    public mutating func add(_ index: Int) {
        let path = "group\(index % 5).token\(index)"
        let value: JSON =
            index > 3 && index % 3 == 0
            ? .string("{group\((index - 1) % 5).token\(index - 1)}")
            : Color(red: Double(index % 255) / 255, green: 0.5, blue: 0.25).dtcg
        tokens[path] = Token(path: path, type: .color, id: "id-\(index)", value: value, modes: [])
        counter = max(counter, index + 1)
    }

    /// The theme as it stands.
    public var theme: Theme {
        Theme(name: name, version: version, dimensions: [], tokens: tokens.values.sorted { $0.path < $1.path })
    }

    /// Applies one random edit: add, change a value, rename (same id), delete (if nothing
    /// refers to it), deprecate, or revert a deprecation.
    public mutating func edit(using random: inout SeededGenerator) {
        let paths = tokens.keys.sorted()
        let referenced = Set(tokens.values.compactMap(\.aliasTarget))
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            add(counter)
        case 1:
            let path = paths.randomElement(using: &random)!
            if tokens[path]?.aliasTarget == nil {
                tokens[path]?.value = Color(red: Double.random(in: 0...1, using: &random), green: 0, blue: 1).dtcg
            }
        case 2:
            let path = paths.randomElement(using: &random)!
            guard !referenced.contains(path), var token = tokens.removeValue(forKey: path) else { return }
            token.path = path + "Renamed"
            tokens[token.path] = token
        case 3:
            let path = paths.randomElement(using: &random)!
            if !referenced.contains(path) && tokens.count > 3 { tokens.removeValue(forKey: path) }
        case 4:
            tokens[paths.randomElement(using: &random)!]?.deprecation = Deprecation(reason: "use another")
        default:
            if let path = paths.first(where: { tokens[$0]?.deprecation != nil }) { tokens[path]?.deprecation = nil }
        }
    }
}

/// Publishes a theme version as one revision.
public func publish(_ theme: Theme, to repository: Repository, message: String) throws {
    _ = try repository.commit(message: message, author: "test") { transaction in
        try repository.publish(
            theme: theme, document: DocumentDigest(ThemeWriter.dtcg(theme).serialized()), sourceFile: "synthetic.json",
            in: transaction)
    }
}

/// The output of `sqldiff A B`, or `nil` when sqldiff is not installed.
public func sqldiff(_ a: String, _ b: String) throws -> String? {
    guard let tool = ExternalTool.path("sqldiff") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [a, b]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
}
