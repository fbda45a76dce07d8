import Foundation

/// SplitMix64: the benchmark's inputs are the same on every machine and every run.
struct Generator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The synthetic inputs: token files, style and spec folders, a Swift tree.
enum Inputs {
    /// A DTCG theme `Bench` of `count` tokens in groups of 1,000: colors, one in ten an
    /// alias of its neighbour, one in twenty with a dark value (light/dark dimension).
    /// Tokens whose index is in `changed` get another value.
    static func tokenFile(at path: String, count: Int, version: String, changed: Set<Int> = []) throws {
        var generator = Generator(seed: 42)
        var out = """
            {"$extensions": {"catalog.theme": {"name": "Bench", "version": "\(version)"}, \
            "catalog.dimensions": {"colorScheme": {"modes": ["light", "dark"], "default": "light"}}}
            """
        out.reserveCapacity(count * 80)
        for index in 0..<count {
            if index % 1_000 == 0 { out += index == 0 ? ",\n\"group0\": {" : "},\n\"group\(index / 1_000)\": {" }
            if index % 1_000 != 0 { out += ", " }
            var color = generator.next() & 0xFF_FFFF
            if changed.contains(index) { color ^= 0x01_0101 }
            let value =
                index % 10 == 9
                ? "{group\((index - 1) / 1_000).token\(index - 1)}" : "#" + hex(color)
            out += "\"token\(index)\": {\"$type\": \"color\", \"$value\": \"\(value)\""
            if index % 20 == 0 {
                out +=
                    ", \"$extensions\": {\"catalog.modes\": {\"dark\": \"#\(hex((UInt64(index) * 7919) & 0xFF_FFFF))\"}}"
            }
            out += "}"
        }
        out += count > 0 ? "}\n}\n" : "}\n"
        try Data(out.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The 100 tokens (a tenth of a smaller theme) a republication changes, none of them an
    /// alias (every tenth token), drawn from `seed`.
    static func changedTokens(of count: Int, seed: UInt64) -> Set<Int> {
        var generator = Generator(seed: seed)
        var changed = Set<Int>()
        while changed.count < min(100, count / 10) {
            let index = Int(generator.next() % UInt64(count))
            if index % 10 != 9 { changed.insert(index) }
        }
        return changed
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// A seed folder of `styles` style versions (ten versions each of `styles / 10`
    /// styles, capsule variants checked against DesignFoundation) and `specs` spec
    /// versions linking some of them.
    static func documentFolder(at folder: String, capsule: String, styles: Int, specs: Int) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/styles", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        let template = try String(contentsOfFile: capsule, encoding: .utf8)
        let names = max(styles / 10, 1)
        for index in 0..<styles {
            let name = "bench-style-\(index % names)"
            let version = "1.\(index / names).0"
            let text =
                template
                .replacingOccurrences(of: "\"name\": \"capsule\"", with: "\"name\": \"\(name)\"")
                .replacingOccurrences(of: "\"version\": \"1.0.0\"", with: "\"version\": \"\(version)\"")
                .replacingOccurrences(of: "\"scale\": 0.95", with: "\"scale\": 0.\(90 + index / names % 10)")
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/styles/\(name)-\(version).style.json"))
        }
        let specNames = max(specs / 10, 1)
        for index in 0..<specs {
            let name = "BenchButton\(index % specNames)"
            let version = "1.\(index / specNames).0"
            let style = "bench-style-\(index % names)"
            let text = """
                {"name": "\(name)", "version": "\(version)", "system": "Bench",
                 "summary": "A generated component, revision \(index / specNames).",
                 "axes": [{"name": "style", "options": [{"name": "capsule", "style": "\(style)"}]}]}
                """
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/specs/\(name)-\(version).spec.json"))
        }
    }

    /// A Swift tree of about `megabytes` MB in folders of 200 files, one file in ten
    /// calling DFButton, OUDSButton and Button; returns the files that mention them.
    static func swiftTree(at root: String, megabytes: Int) throws -> [String] {
        var generator = Generator(seed: 3)
        var size = 0
        var index = 0
        var candidates: [String] = []
        while size < megabytes * 1_000_000 {
            let folder = "\(root)/Module\(index / 200)"
            if index % 200 == 0 {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            var text = "import SwiftUI\n"
            if index % 10 == 0 { text += screen(index) }
            for k in 0..<20 { text += filler(index * 100 + k, Int(generator.next() % 9) + 1) }
            let path = "\(folder)/File\(index).swift"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            if index % 10 == 0 { candidates.append(path) }
            size += text.utf8.count
            index += 1
        }
        return candidates
    }

    static func filler(_ n: Int, _ m: Int) -> String {
        """

        struct Model\(n) {
            var name: String = "item \(n)"
            var values: [Int] = [\(n), \(m), 3, 4, 5]
            func total() -> Int { values.reduce(0, +) * \(m) }
            func describe() -> String {
                // Helper \(n): formatting with interpolation and closures.
                let parts = values.map { "\\($0)" }.joined(separator: ", ")
                return "\\(name): \\(parts) (\\(total()))"
            }
        }

        """
    }

    static func screen(_ n: Int) -> String {
        """

        struct Screen\(n): View {
            var body: some View {
                VStack {
                    DFButton("Save \(n)") { save() }
                    DFButton("Cancel \(n)") { dismiss() }
                        .dfButtonStyle(.outlined)
                    OUDSButton(text: "Next \(n)", appearance: .strong) { }
                    Button("Follow \(n)") { }
                        .buttonStyle(.variant(.filled, color: .orange))
                }
                .dfButtonStyle(.tinted)
            }
        }

        """
    }
}

extension Inputs {
    /// The modifiers of ``resolverTheme(at:count:changed:)``: three dimensions of three
    /// contexts each, the first the default.
    static let modifiers: [(name: String, contexts: [String])] = [
        ("colorScheme", ["light", "dark", "highContrast"]),
        ("density", ["regular", "compact", "spacious"]),
        ("brand", ["acme", "globex", "initech"]),
    ]

    /// A DTCG resolver document (`bench.resolver.json`) over `count` tokens in groups of
    /// 1,000 (`foundation.tokens.json`: colors, one in ten an alias of its neighbour) and
    /// three modifiers of three contexts each: every non-default context is a file that
    /// overrides one token in twenty (each context another twentieth), so a token varies
    /// along up to three dimensions. Tokens whose index is in `changed` get another value
    /// in the foundation and in every context that overrides them.
    static func resolverTheme(at folder: String, count: Int, changed: Set<Int> = []) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func color(_ index: Int, salt: UInt64) -> String {
            var value = (UInt64(index) &* 2_654_435_761 &+ salt &* 40_503) & 0xFF_FFFF
            if changed.contains(index) { value ^= 0x01_0101 }
            return "#" + hex(value)
        }
        /// The tokens at `indices`, grouped by thousand, as one token file.
        func file(_ name: String, _ indices: [Int], value: (Int) -> String) throws {
            var out = "{"
            out.reserveCapacity(indices.count * 60)
            var group = -1
            for index in indices {
                if index / 1_000 != group {
                    out += group < 0 ? "\n\"group\(index / 1_000)\": {" : "},\n\"group\(index / 1_000)\": {"
                    group = index / 1_000
                } else {
                    out += ", "
                }
                out += "\"token\(index)\": {\"$type\": \"color\", \"$value\": \"\(value(index))\"}"
            }
            out += indices.isEmpty ? "}\n" : "}\n}\n"
            try Data(out.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        try file("foundation.tokens.json", Array(0..<count)) { index in
            index % 10 == 9 ? "{group\((index - 1) / 1_000).token\(index - 1)}" : color(index, salt: 0)
        }
        var declarations: [String] = []
        var slot = 1
        for modifier in Self.modifiers {
            var contexts: [String] = []
            for (position, context) in modifier.contexts.enumerated() {
                guard position > 0 else {
                    contexts.append("\"\(context)\": []")
                    continue
                }
                let name = "\(modifier.name)-\(context).tokens.json"
                let overridden = stride(from: slot, to: count, by: 20).filter { $0 % 10 != 9 }
                try file(name, overridden) { color($0, salt: UInt64(slot)) }
                contexts.append("\"\(context)\": [{\"$ref\": \"\(name)\"}]")
                slot += 1
            }
            declarations.append(
                "\"\(modifier.name)\": {\"contexts\": {\(contexts.joined(separator: ", "))}, \"default\": \"\(modifier.contexts[0])\"}"
            )
        }
        let order =
            ["{\"$ref\": \"#/sets/foundation\"}"] + Self.modifiers.map { "{\"$ref\": \"#/modifiers/\($0.name)\"}" }
        let document = """
            {"$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json", "name": "Dimensions", "version": "2025.10",
             "sets": {"foundation": {"sources": [{"$ref": "foundation.tokens.json"}]}},
             "modifiers": {\(declarations.joined(separator: ",\n  "))},
             "resolutionOrder": [\(order.joined(separator: ", "))]}
            """
        try Data(document.utf8).write(to: URL(fileURLWithPath: "\(folder)/bench.resolver.json"))
    }
}
