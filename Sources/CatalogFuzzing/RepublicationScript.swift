import CatalogModel
import Foundation

/// A theme's token files edited version after version, as the bytes of a fuzz input
/// choose: values, types, names (Unicode-equivalent spellings among them), groups that
/// become tokens, aliases, stable ids, modes, files added and removed. What the
/// differential target (``FuzzTarget/republication``) publishes into two catalogs, by
/// difference and whole, to check that both give the same catalog.
struct RepublicationScript {
    /// One token as a file holds it.
    struct Token: Equatable {
        var path: [String]
        var type: String?
        var value: JSON
        var id: String?
        var deprecated = false
        var description: String?
        var modes: [(mode: String, value: JSON)] = []

        static func == (a: Token, b: Token) -> Bool {
            a.path == b.path && a.type == b.type && a.value == b.value && a.id == b.id && a.deprecated == b.deprecated
                && a.description == b.description && a.modes.map(\.mode) == b.modes.map(\.mode)
                && a.modes.map(\.value) == b.modes.map(\.value)
        }
    }

    /// One file: its tokens in order, the `$type` of its top-level groups, (for the
    /// first) the dimensions it declares, and the mode it holds when it is a mode file
    /// (`--mode-file scheme:MODE=FILE`; never the first).
    struct File {
        var tokens: [Token] = []
        var groupTypes: [String: String] = [:]
        var dimensions: [String]?
        var mode: String?
    }

    /// Name segments: plain, the same letter precomposed and decomposed (U+00F1 and
    /// n + U+0303, rarer: a decomposed name is read with a warning, and then read whole
    /// again), a space, and one that sorts before the others.
    static let segments = ["a", "b", "c", "\u{F1}", "x y", "A", "a", "b", "c", "\u{F1}", "x y", "A", "n\u{303}"]
    static let types = ["color", "dimension", "number"]

    private var bytes: [UInt8]
    private var position = 0
    var files: [File] = [File()]

    /// A script read from `data`, one choice per byte (zero once the bytes run out).
    init(_ data: Data) { bytes = [UInt8](data) }

    /// Whether the bytes are all used.
    var exhausted: Bool { position >= bytes.count }

    /// The next choice below `count`.
    mutating func choose(_ count: Int) -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position]) % count
    }

    mutating func pick<T>(_ items: [T]) -> T { items[choose(items.count)] }

    /// The first version: a few tokens in one file.
    mutating func start() {
        for _ in 0...choose(4) { addToken() }
    }

    /// One step's edits (one to three).
    mutating func edit() {
        for _ in 0...choose(3) {
            switch choose(16) {
            case 0, 1, 13, 14, 15: withToken { token, script in token.value = script.literal(token.type) }
            case 2:
                withToken { token, script in
                    token.type = script.pick(Self.types)
                    token.value = script.literal(token.type)
                }
            case 3, 4: addToken()
            case 5: removeToken()
            case 6: withToken { token, script in token.path = script.newPath(near: token.path) }
            case 7: aliasToken()
            case 8: withToken { token, script in token.id = script.choose(3) == 0 ? nil : script.pick(["id1", "id2"]) }
            case 9: moveToken()
            case 10:
                withToken { token, script in
                    if script.choose(2) == 0 {
                        token.deprecated.toggle()
                    } else {
                        token.description = script.choose(2) == 0 ? nil : script.pick(["one", "two"])
                    }
                }
            case 11: editModes()
            default: editFiles()
            }
        }
    }

    /// The files as JSON text, each with the mode it holds when it is a mode file.
    func documents() -> [(mode: String?, text: String)] {
        files.map { file in
            var root: [(key: String, value: JSON)] = []
            if let dimensions = file.dimensions {
                root.append(
                    (
                        "$extensions",
                        .object([("catalog.dimensions", .object([("S", .array(dimensions.map { .string($0) }))]))])
                    ))
            }
            for (group, type) in file.groupTypes.sorted(by: { $0.key < $1.key }) {
                Self.insert(["$type"], .string(type), under: [group], into: &root)
            }
            for token in file.tokens { Self.insert(token.path, Self.object(of: token), under: [], into: &root) }
            return (file.mode, JSON.object(root).serialized())
        }
    }

    private static func object(of token: Token) -> JSON {
        var members: [(key: String, value: JSON)] = []
        if let type = token.type { members.append(("$type", .string(type))) }
        members.append(("$value", token.value))
        if let description = token.description { members.append(("$description", .string(description))) }
        if token.deprecated { members.append(("$deprecated", .bool(true))) }
        var extensions: [(key: String, value: JSON)] = []
        if let id = token.id { extensions.append(("catalog.id", .string(id))) }
        if !token.modes.isEmpty {
            extensions.append(("catalog.modes", .object(token.modes.map { ($0.mode, $0.value) })))
        }
        if !extensions.isEmpty { members.append(("$extensions", .object(extensions))) }
        return .object(members)
    }

    /// Puts `value` at `path` under `prefix`, merging with what is there (a token and a
    /// group at one path become one object, as a hand-edited file would have it).
    private static func insert(
        _ path: [String], _ value: JSON, under prefix: [String], into members: inout [(key: String, value: JSON)]
    ) {
        let full = prefix + path
        guard let head = full.first else { return }
        let rest = Array(full.dropFirst())
        let index =
            members.firstIndex { $0.key == head }
            ?? {
                members.append((head, .object([])))
                return members.count - 1
            }()
        guard case .object(var inner) = members[index].value.kind else { return }
        if rest.isEmpty {
            if case .object(let new) = value.kind {
                for member in new where !inner.contains(where: { $0.key == member.key }) { inner.append(member) }
            }
        } else {
            insert(rest, value, under: [], into: &inner)
        }
        members[index].value = .object(inner)
    }

    // MARK: - Edits

    private var allPaths: [[String]] { files.flatMap { $0.tokens.map(\.path) } }

    private mutating func literal(_ type: String?) -> JSON {
        switch type {
        case "color": return .string(pick(["#000000", "#ffffff", "#ff0000", "#0066cc"]))
        case "dimension":
            return choose(2) == 0
                ? .string(pick(["4px", "8px", "1rem"]))
                : .object([("value", .number(Double(choose(20)))), ("unit", .string("px"))])
        case "number": return .number(Double(choose(10)) / 2)
        default: return .string("{\(pick(allPaths.isEmpty ? [["a"]] : allPaths).joined(separator: "."))}")
        }
    }

    private mutating func newPath(near path: [String]) -> [String] {
        switch choose(4) {
        case 0:
            // The same name in its other Unicode spelling, where it has one.
            return path.map { $0 == "\u{F1}" ? "n\u{303}" : $0 == "n\u{303}" ? "\u{F1}" : $0 }
        case 1: return path + [pick(Self.segments)]  // under itself: a token that hides a group
        case 2: return Array(path.dropLast().isEmpty ? path : path.dropLast())  // a group becomes a token
        default: return (0...choose(2)).map { _ in pick(Self.segments) }
        }
    }

    private mutating func withToken(_ change: (inout Token, inout RepublicationScript) -> Void) {
        let owners = files.indices.filter { !files[$0].tokens.isEmpty }
        guard !owners.isEmpty else { return addToken() }
        let file = pick(owners)
        let index = choose(files[file].tokens.count)
        var token = files[file].tokens[index]
        change(&token, &self)
        files[file].tokens[index] = token
    }

    private mutating func addToken() {
        let file = choose(files.count)
        // Mostly beside a token that exists (in a group that exists).
        let beside = allPaths.filter { $0.count > 1 }
        let path =
            beside.isEmpty || choose(3) == 0
            ? (0...choose(2)).map { _ in pick(Self.segments) } : pick(beside).dropLast() + [pick(Self.segments)]
        let type: String? = choose(4) == 0 ? nil : pick(Self.types)
        files[file].tokens.append(Token(path: path, type: type, value: literal(type)))
    }

    private mutating func removeToken() {
        let owners = files.indices.filter { !files[$0].tokens.isEmpty }
        guard !owners.isEmpty else { return }
        let file = pick(owners)
        files[file].tokens.remove(at: choose(files[file].tokens.count))
    }

    private mutating func aliasToken() {
        let targets = allPaths
        guard !targets.isEmpty else { return }
        let target = pick(targets).joined(separator: ".")
        withToken { token, script in
            if script.choose(2) == 0 { token.type = nil }
            token.value = .string("{\(target)}")
        }
    }

    private mutating func moveToken() {
        guard files.count > 1 else { return editFiles() }
        let owners = files.indices.filter { !files[$0].tokens.isEmpty }
        guard !owners.isEmpty else { return }
        let from = pick(owners)
        let token = files[from].tokens.remove(at: choose(files[from].tokens.count))
        files[choose(files.count)].tokens.append(token)
    }

    private mutating func editModes() {
        if files[0].dimensions == nil || choose(5) == 0 {
            files[0].dimensions =
                files[0].dimensions == nil ? pick([["light", "dark"], ["light", "dark", "dim"]]) : nil
            return
        }
        let mode = pick(["dark", "dim", "light", "other"])
        withToken { token, script in
            token.modes.removeAll { $0.mode == mode }
            if script.choose(3) > 0 { token.modes.append((mode, script.literal(token.type))) }
        }
    }

    private mutating func editFiles() {
        switch choose(3) {
        case 0 where files.count < 3:
            // Now and then a mode file, which a republication by difference reads too.
            files.append(File(mode: choose(3) == 0 ? pick(["light", "dark"]) : nil))
        case 1 where files.count > 1:
            let removed = files.remove(at: 1 + choose(files.count - 1))
            if choose(2) == 0 { files[0].tokens += removed.tokens }
        default:
            let file = choose(files.count)
            let group = pick(Self.segments)
            if files[file].groupTypes[group] == nil {
                files[file].groupTypes[group] = pick(Self.types)
            } else {
                files[file].groupTypes[group] = nil
            }
        }
    }
}
