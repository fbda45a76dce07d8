import CatalogModel
import Foundation

/// The Swift names of a theme's groups and tokens, by one rule that gives every name valid,
/// usable Swift:
///
/// 1. A group is a type in `UpperCamelCase`, a token a member in `lowerCamelCase`
///    (``SwiftNames/type(_:)``, ``SwiftNames/member(_:)``): `space.1-5x` → `Space._15x`.
/// 2. Names that step 1 makes equal in one scope (`15x` and `1_5x`, `size` and `_size`,
///    `Typography` and `typography`, a group `size` and a token `Size`) are spelled as
///    written instead (``SwiftNames/asWritten(_:)``): case kept, `_` for each run of
///    other ASCII punctuation or spaces, `uXXXX` for a symbol no identifier can hold
///    (`gap ↔︎` → `gap_u2194`): `_15x` and `_1_5x`. Where exactly one of them is written
///    with letters and digits alone, that one keeps step 1's name: `Size` beside `_size`,
///    `x` beside `x_` (`x ` written with a space).
/// 3. `Type` and `Protocol` after a dot name the metatype, so a name that is one of them
///    takes a trailing `_` (`type.body` → `Type_.Body`); so does a group whose type would
///    shadow one the generated code uses (`String_`). A group named like a type of the
///    standard library, Foundation, SwiftUI, UIKit or AppKit takes its plural (`color` →
///    `Colors`, so `Color` inside the namespace stays SwiftUI's), or `Tokens` after it
///    where the plural is taken in its scope. A group at the top named like the namespace
///    (Designsystemet's own palette `designsystemet.accent.1` in namespace `Designsystemet`)
///    would repeat it and shadow it inside: it is `Theme` (`Designsystemet.Theme.Accent._1`,
///    the tokens of the theme the context's `theme` dimension names), or `ThemeTokens` where
///    `Theme` is taken.
/// 4. `--rename PATH=NAME` gives a group or token the name NAME whatever the rule says.
///
/// A clash that survives (`dark-mode` and `dark_mode` both spell `dark_mode`) is a
/// problem naming both paths and `--rename`, never a silent suffix.
struct SwiftNaming {
    /// The Swift name of each group path and token path named.
    private(set) var names: [String: String] = [:]
    /// The clashes the rule cannot settle.
    private(set) var problems: [String] = []

    /// One item to name: a group (a type) or a token (a member), by its full path.
    struct Item {
        var path: String
        var isGroup: Bool
        /// The last segment of the path.
        var name: String
    }

    /// Names every token at `paths` and every group above one, inside the type `namespace`.
    /// `renames` maps a path to the identifier it must take (checked by the caller).
    init(tokenPaths paths: [String], namespace: String, renames: [String: String]) {
        // Scope (the parent group's path, "" at the top) → its items, in first-seen order.
        var scopes: [String: [Item]] = [:]
        var seen: Set<String> = []
        for path in paths {
            let segments = path.split(separator: ".", omittingEmptySubsequences: false)
            var parent = ""
            for (index, segment) in segments.enumerated() {
                let full = parent.isEmpty ? String(segment) : parent + "." + segment
                let isGroup = index < segments.count - 1
                // A group and a token may share a path (`a` and `a.c`): a type and a member.
                let key = (isGroup ? "g:" : "t:") + full
                if seen.insert(key).inserted {
                    scopes[parent, default: []].append(Item(path: full, isGroup: isGroup, name: String(segment)))
                }
                parent = full
            }
        }
        for scope in scopes.keys.sorted() {
            name(scopes[scope]!, namespace: scope.isEmpty ? SwiftNames.unescaped(namespace) : nil, renames: renames)
        }
    }

    /// The name of the group at `path`.
    func group(_ path: String) -> String? { names["g:" + path] }

    /// The name of the token at `path`.
    func token(_ path: String) -> String? { names["t:" + path] }

    /// Names the items of one scope by the rule; `namespace` is the enclosing namespace's
    /// name at the top scope.
    private mutating func name(_ items: [Item], namespace: String?, renames: [String: String]) {
        let scoped = Self.scope(
            items.map { (name: $0.name, isType: $0.isGroup, rename: renames[$0.path]) }, namespace: namespace)
        for (index, item) in items.enumerated() {
            if let name = scoped.names[index] { names[(item.isGroup ? "g:" : "t:") + item.path] = name }
        }
        for clash in scoped.clashes {
            let paths = clash.indices.map { items[$0].path }
            let quoted = paths.map { NameRules.quoted($0) }.joined(separator: " and ")
            problems.append(
                "\(quoted) would \(paths.count == 2 ? "both" : "all") be named \(clash.name) in Swift; "
                    + "choose a name with --rename \(paths[0])=NAME")
        }
    }

    /// The rule applied to the names of one scope: each item's Swift name (`nil` for those
    /// in a clash the rule cannot settle), and those clashes (the name, the items' indices).
    /// Types are `isType`; `rename` is a name chosen by the user; `namespace` the type that
    /// encloses the scope directly, when a group may not repeat it.
    static func scope(_ items: [(name: String, isType: Bool, rename: String?)], namespace: String? = nil) -> (
        names: [String?], clashes: [(name: String, indices: [Int])]
    ) {
        var chosen: [String] = items.map { item in
            item.rename ?? (item.isType ? SwiftNames.type(item.name) : SwiftNames.member(item.name))
        }
        // Step 2: names that clash after step 1, or that it leaves without a letter or digit
        // (`_`), are spelled as written.
        let bare = SwiftNames.unescaped
        var counts = Dictionary(chosen.map { (bare($0), 1) }, uniquingKeysWith: +)
        let clashing = items.indices.filter { counts[bare(chosen[$0])]! > 1 && items[$0].rename == nil }
        // Of the names meeting on one name, the single one written with letters and digits alone keeps it.
        let plain = Dictionary(grouping: clashing.filter { isPlain(items[$0].name) }) { bare(chosen[$0]) }
            .compactMapValues { $0.count == 1 ? $0[0] : nil }
        for index in items.indices
        where (counts[bare(chosen[index])]! > 1 || chosen[index] == "_") && items[index].rename == nil
            && plain[bare(chosen[index])] != index
        {
            chosen[index] = SwiftNames.asWritten(items[index].name)
        }
        // Step 3: names Swift cannot reach after a dot, or that shadow the code's own types
        // or the platform's.
        for index in items.indices where items[index].rename == nil {
            let name = bare(chosen[index])
            if items[index].isType, let namespace, name == namespace {
                chosen[index] = chosen.map(bare).contains("Theme") ? "ThemeTokens" : "Theme"
            } else if metatypeNames.contains(name)
                || (items[index].isType && SwiftPackageNames.generatedTypeNames.contains(name))
            {
                chosen[index] = name + "_"
            } else if items[index].isType && SwiftPackageNames.platformTypeNames.contains(name) {
                let taken = Set(chosen.map(bare))
                let plural = Self.plural(name)
                chosen[index] =
                    taken.contains(plural) || SwiftPackageNames.platformTypeNames.contains(plural)
                    ? name + "Tokens" : plural
            }
        }
        counts = Dictionary(chosen.map { (bare($0), 1) }, uniquingKeysWith: +)
        var clashes: [(name: String, indices: [Int])] = []
        var names: [String?] = []
        for index in items.indices {
            let name = bare(chosen[index])
            if counts[name]! > 1 {
                if !clashes.contains(where: { $0.name == name }) {
                    clashes.append((name, items.indices.filter { bare(chosen[$0]) == name }))
                }
                names.append(nil)
            } else {
                names.append(chosen[index])
            }
        }
        return (names, clashes)
    }

    /// Whether `name` is written with ASCII letters and digits alone.
    private static func isPlain(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// `name`'s English plural: `Colors`, `Boxes`, `Opacities`.
    static func plural(_ name: String) -> String {
        let lower = name.lowercased()
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return name + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return name.dropLast() + "ies"
        }
        return name + "s"
    }

    /// Names that, after a dot, Swift reads as the metatype (`Canvas.Type`).
    static let metatypeNames: Set<String> = ["Type", "Protocol"]

    /// Why `name` cannot be given with `--rename`, or `nil`.
    static func renameProblem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "is empty" }
        let valid = name.unicodeScalars.allSatisfy { SwiftNames.isIdentifierScalar($0) }
        if !valid || ("0"..."9").contains(first) {
            return "is not a Swift identifier (letters, digits and _, not starting with a digit)"
        }
        if SwiftNames.isKeyword(name) || metatypeNames.contains(name) {
            return "is a Swift keyword or names the metatype"
        }
        if name == "_" { return "is Swift's wildcard, not a name" }
        return nil
    }
}
