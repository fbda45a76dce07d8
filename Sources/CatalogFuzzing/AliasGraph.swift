import CatalogModel
import Foundation

/// A token graph decoded from fuzz bytes, for differential testing of ``TokenResolver``.
///
/// Up to 16 tokens `t0…t15` of type color or dimension, each with a base value and,
/// optionally, a dark-mode value; every value is a literal or an alias to another
/// token (possibly missing, possibly itself). The resolver's answer for every token in
/// every mode must match a plain walk along the alias chain: the token resolves exactly
/// when its chain reaches a literal without repeating a token, missing one or changing
/// type at any link, and then to that literal. (Literals always match their token's
/// type, as the theme reader guarantees.)
struct AliasGraph {
    enum Value: Equatable {
        case literal
        case alias(to: Int)
    }

    struct Node {
        var type: Int
        var base: Value
        var dark: Value?
    }

    static let types: [TokenType] = [.color, .dimension]
    static let literals = [JSON.string("#112233"), JSON.string("4px")]

    var nodes: [Node] = []

    init(_ data: Data) {
        var bytes = Array(data)[...]
        func next() -> UInt8 { bytes.popFirst() ?? 0 }
        let count = Int(next() % 16) + 1
        func value(_ byte: UInt8) -> Value {
            // Aliases may point one past the last token (a missing target).
            byte & 1 == 0 ? .literal : .alias(to: Int(byte >> 1) % (count + 1))
        }
        for _ in 0..<count {
            let header = next()
            let base = value(next())
            let dark = header & 2 == 0 ? nil : value(next())
            nodes.append(Node(type: Int(header & 1), base: base, dark: dark))
        }
    }

    var theme: Theme {
        let hasModes = nodes.contains { $0.dark != nil }
        let dimensions = hasModes ? [ModeDimension(name: "appearance", modes: ["light", "dark"])] : []
        let tokens = nodes.enumerated().map { index, node in
            func json(_ value: Value) -> JSON {
                switch value {
                case .literal: Self.literals[node.type]
                case .alias(let target): .string("{t\(target)}")
                }
            }
            return Token(
                path: "t\(index)", type: Self.types[node.type], value: json(node.base),
                modes: node.dark.map { [ModeValue(ModeKey("appearance", "dark"), json($0))] } ?? [])
        }
        return Theme(name: "Fuzz", version: Semver(1, 0, 0), dimensions: dimensions, tokens: tokens)
    }

    /// What a plain chain walk says token `index` resolves to in `mode`.
    func expected(_ index: Int, dark: Bool) -> JSON? {
        var seen: Set<Int> = []
        var current = index
        while true {
            guard seen.insert(current).inserted else { return nil }
            let node = nodes[current]
            switch (dark ? node.dark : nil) ?? node.base {
            case .literal:
                return Self.literals[node.type]
            case .alias(let target):
                guard target < nodes.count, nodes[target].type == node.type else { return nil }
                current = target
            }
        }
    }

    func check() {
        let theme = theme
        let resolver = TokenResolver(theme: theme)
        let modes: [(dark: Bool, context: ModeContext)] =
            theme.dimensions.isEmpty
            ? [(false, ModeContext())]
            : [(false, ModeContext(["appearance": "light"])), (true, ModeContext(["appearance": "dark"]))]
        for (dark, context) in modes {
            let (values, problems) = resolver.resolveAll(in: context)
            for index in nodes.indices {
                let path = "t\(index)"
                let want = expected(index, dark: dark)
                precondition(
                    values[path] == want,
                    "t\(index) (\(dark ? "dark" : "light")) resolved to \(values[path]?.excerpt ?? "nothing"), a chain walk gives \(want?.excerpt ?? "nothing") in \(nodes)"
                )
                precondition(want != nil || !problems.isEmpty, "t\(index) does not resolve but no problem was reported")
            }
        }
        _ = resolver.problems()
    }
}
