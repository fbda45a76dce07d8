import CatalogModel
import Foundation

/// Token sources merged into one tree, as DTCG's resolver and every multi-file tool
/// merge them: groups merge member by member, a token replaces what was at its path
/// (whole, never property by property), later sources win. Each token and group keeps
/// the file it came from, so that a problem is placed in the right file.
///
/// The tree also answers JSON Pointers (`#/colors/blue/$value`) and expands `$extends`.
struct TokenTree {
    /// A member of a group.
    indirect enum Node {
        case group(Group)
        case token(Entry)
    }

    /// A group: its `$`-properties and its children in first-appearance order.
    struct Group {
        var properties: [(key: String, value: JSON)] = []
        var names: [String] = []
        var children: [String: Node] = [:]
        var file: String
        var location: SourceLocation

        func property(_ key: String) -> JSON? { properties.first { $0.key == key }?.value }

        /// Whether the group has neither members nor properties.
        var isEmpty: Bool { names.isEmpty && properties.isEmpty }

        /// The group as JSON again: its properties, then its members in order, each token
        /// as its object.
        var json: JSON {
            var members = properties
            for name in names {
                switch children[name]! {
                case .group(let child): members.append((name, child.json))
                case .token(let entry): members.append((name, entry.object))
                }
            }
            return JSON(.object(members), at: location)
        }

        /// The group without its members: its properties, file and place.
        var shell: Group { Group(properties: properties, file: file, location: location) }

        /// How many tokens the group holds, at any depth.
        var tokenCount: Int {
            children.values.reduce(0) { count, node in
                switch node {
                case .token: return count + 1
                case .group(let group): return count + group.tokenCount
                }
            }
        }

        mutating func setProperty(_ key: String, _ value: JSON) {
            if let index = properties.firstIndex(where: { $0.key == key }) {
                properties[index].value = value
            } else {
                properties.append((key, value))
            }
        }

        mutating func removeProperty(_ key: String) { properties.removeAll { $0.key == key } }

        mutating func set(_ name: String, _ node: Node) {
            if children.updateValue(node, forKey: name) == nil { names.append(name) }
        }
    }

    /// A token as written: its object, its file and the rules that file is read by.
    ///
    /// A token object the file's parse left out (``DeferredTokens``) is held as its place
    /// in the file and parsed when read: a tree of a million tokens held their objects
    /// parsed, 256 MB.
    struct Entry {
        private enum Object {
            case parsed(JSON)
            case written(DeferredObject, TokenText)
        }

        private var stored: Object
        var file: String
        var dialect: TokenDialect

        init(object: JSON, file: String, dialect: TokenDialect) {
            stored = .parsed(object)
            self.file = file
            self.dialect = dialect
        }

        /// A token object left out of its file's parse.
        init(written object: DeferredObject, in text: TokenText, dialect: TokenDialect) {
            stored = .written(object, text)
            file = text.file
            self.dialect = dialect
        }

        /// The token's object (parsed again, for one left out of its file's parse).
        var object: JSON {
            get {
                switch stored {
                case .parsed(let json): return json
                case .written(let object, let text): return text.parse(object)
                }
            }
            set { stored = .parsed(newValue) }
        }

        /// The entry with its object parsed, for reading it more than once.
        var parsed: Entry { Entry(object: object, file: file, dialect: dialect) }

        /// Where the token's object starts.
        var location: SourceLocation {
            switch stored {
            case .parsed(let json): return json.location
            case .written(let object, _): return object.location
            }
        }

        /// Whether the object may hold `$ref` or `$extends`: one left out of its file's parse
        /// was checked for neither first.
        var mayPoint: Bool {
            if case .parsed = stored { return true }
            return false
        }
    }

    /// How a document writes tokens: DTCG (`$value`) or the older `value`/`sets` shape.
    enum Flavor: Equatable {
        case dtcg, legacy

        /// DTCG when any object in the document has `$value` or `$ref`; else the older shape.
        static func detect(_ root: JSON) -> Flavor {
            func scan(_ value: JSON, depth: Int) -> Bool {
                guard depth < 64, let members = value.object else { return false }
                for (key, member) in members {
                    if key == "$value" || key == "$ref" { return true }
                    if !key.hasPrefix("$") && scan(member, depth: depth + 1) { return true }
                }
                return false
            }
            return scan(root, depth: 0) ? .dtcg : .legacy
        }

        /// Whether `object` (a member of a group) is a token rather than a group.
        func isToken(_ object: JSON) -> Bool {
            guard let members = object.object else { return false }
            if object["$value"] != nil { return true }
            if object["$ref"] != nil { return !members.contains { !$0.key.hasPrefix("$") } }
            if self == .legacy { return object["value"] != nil || object["sets"]?.object != nil }
            return false
        }
    }

    /// A problem found while building, merging or expanding.
    struct Problem {
        var file: String
        var location: SourceLocation
        var path: String
        var message: String
    }

    /// Builds a group from a JSON object; members that are neither tokens nor groups are
    /// reported. `$root` is a token child, not a property.
    static func group(
        _ json: JSON, file: String, flavor: Flavor, dialect: TokenDialect, jsonPath: String,
        deferred: DeferredTokens? = nil, problems: inout [Problem]
    ) -> Group {
        var group = Group(file: file, location: json.location)
        for (key, value) in json.object ?? [] {
            let memberPath = JSONPath.member(jsonPath, key)
            if key.hasPrefix("$") && key != "$root" {
                group.properties.append((key, value))
                continue
            }
            if let deferred, case .object(let members) = value.kind, members.isEmpty,
                let object = deferred.object(at: value.location)
            {
                group.set(key, .token(Entry(written: object, in: deferred.text, dialect: dialect)))
                continue
            }
            guard value.object != nil else {
                if dialect.rules.keepsGroupNotes {
                    // Style Dictionary's and Tokens Studio's groups carry notes (`comment`,
                    // `description`): group metadata, kept verbatim and written back.
                    group.properties.append((key, value))
                    continue
                }
                problems.append(
                    Problem(
                        file: file, location: value.location, path: memberPath,
                        message:
                            "expected a token (an object with \"\(flavor == .dtcg ? "$value" : "value")\") or a group, got \(value.kindDescription) \(value.excerpt)"
                    ))
                continue
            }
            if key == "extensions", !dialect.rules.strict, !flavor.isToken(value) {
                // Tool data beside a group's members (the Figma Design Tokens plugin writes
                // `extensions: {"org.lukasoppermann.figmaDesignTokens": …}`): opaque, never
                // token names; kept verbatim as group data. Style Dictionary finds no token in it.
                group.properties.append((key, value))
                continue
            }
            if flavor.isToken(value) {
                group.set(key, .token(Entry(object: value, file: file, dialect: dialect)))
            } else {
                group.set(
                    key,
                    .group(
                        Self.group(
                            value, file: file, flavor: flavor, dialect: dialect, jsonPath: memberPath,
                            deferred: deferred, problems: &problems)))
            }
        }
        return group
    }

    /// Merges `other` over `base`: groups member by member, tokens replaced whole.
    /// `collisions` receives (path, replaced entry, new entry) for every replaced token.
    static func merge(
        _ other: Group, into base: inout Group, path: [String] = [],
        collisions: inout [(path: String, old: Entry, new: Entry)]
    ) {
        for (key, value) in other.properties { base.setProperty(key, value) }
        for name in other.names {
            let incoming = other.children[name]!
            switch (base.children[name], incoming) {
            case (.group(var existing)?, .group(let group)):
                merge(group, into: &existing, path: path + [name], collisions: &collisions)
                base.children[name] = .group(existing)
            case (.token(let old)?, .token(let new)):
                collisions.append(((path + [name]).joined(separator: "."), old, new))
                base.set(name, incoming)
            default:
                base.set(name, incoming)
            }
        }
    }

    /// Paths of the tokens that merging `other` over `base` hides: a token that replaces a
    /// group of the same name hides every token below it, and a group that replaces a token
    /// hides that token. Each entry names what hides them.
    static func hidden(by other: Group, in base: Group, path: [String] = []) -> [(
        hidden: [String], by: String, file: String, location: SourceLocation
    )] {
        var found: [(hidden: [String], by: String, file: String, location: SourceLocation)] = []
        for name in other.names {
            let here = path + [name]
            switch (base.children[name], other.children[name]!) {
            case (.group(let existing)?, .group(let group)):
                found += hidden(by: group, in: existing, path: here)
            case (.group(let existing)?, .token(let entry)):
                let paths = tokenPaths(existing, prefix: here)
                if !paths.isEmpty {
                    found.append((paths, "token " + here.joined(separator: "."), entry.file, entry.location))
                }
            case (.token(_)?, .group(let group)):
                found.append(
                    ([here.joined(separator: ".")], "group " + here.joined(separator: "."), group.file, group.location))
            default:
                continue
            }
        }
        return found
    }

    /// Every token path below `group`.
    /// `group` with only the members `shape` also has, at any depth, each group kept with
    /// its properties: the part of a merged tree that some of its layers (`shape`, those
    /// layers merged) write. Where one side has a token and the other a group, the merged
    /// member is kept whole.
    static func restricted(_ group: Group, to shape: Group) -> Group {
        var result = Group(file: group.file, location: group.location)
        result.properties = group.properties
        for name in group.names {
            guard let wanted = shape.children[name], let node = group.children[name] else { continue }
            if case .group(let child) = node, case .group(let part) = wanted {
                result.set(name, .group(restricted(child, to: part)))
            } else {
                result.set(name, node)
            }
        }
        return result
    }

    /// Whether anything in the tree can make a token's value depend on another part of a
    /// merged tree: `$extends` or `$ref` on a group, or `$ref` anywhere in a token.
    static func hasPointers(_ group: Group) -> Bool {
        if group.properties.contains(where: { $0.key == "$extends" || $0.key == "$ref" }) { return true }
        return group.names.contains { name in
            switch group.children[name]! {
            case .group(let child): return hasPointers(child)
            case .token(let entry): return entry.mayPoint && mentionsPointer(entry.object)
            }
        }
    }

    /// Whether `value` has a `$ref` or `$extends` member at any depth (or nests too deep to tell).
    static func mentionsPointer(_ value: JSON, depth: Int = 0) -> Bool {
        guard depth < 64 else { return true }
        switch value.kind {
        case .object(let members):
            return members.contains {
                $0.key == "$ref" || $0.key == "$extends" || mentionsPointer($0.value, depth: depth + 1)
            }
        case .array(let elements): return elements.contains { mentionsPointer($0, depth: depth + 1) }
        default: return false
        }
    }

    static func tokenPaths(_ group: Group, prefix: [String]) -> [String] {
        group.names.flatMap { name -> [String] in
            switch group.children[name]! {
            case .token: return [(prefix + [name]).joined(separator: ".")]
            case .group(let child): return tokenPaths(child, prefix: prefix + [name])
            }
        }
    }

    // MARK: References

    /// What a JSON Pointer or curly reference reaches.
    enum Target {
        case group(Group, path: [String])
        case token(Entry, path: [String])
        /// Inside a token: its path, then the segments after the token (`$value`, `components`, `0`).
        case inToken(Entry, path: [String], rest: [String])
        /// A group's `$`-property.
        case groupProperty(JSON)
    }

    /// Follows `segments` from `root`.
    static func locate(_ segments: [String], in root: Group) -> Target? {
        var group = root
        var path: [String] = []
        for (index, segment) in segments.enumerated() {
            if let child = group.children[segment] {
                path.append(segment)
                switch child {
                case .group(let next): group = next
                case .token(let entry):
                    let rest = Array(segments[(index + 1)...])
                    return rest.isEmpty ? .token(entry, path: path) : .inToken(entry, path: path, rest: rest)
                }
            } else if segment.hasPrefix("$"), index == segments.count - 1, let value = group.property(segment) {
                return .groupProperty(value)
            } else {
                return nil
            }
        }
        return .group(group, path: path)
    }

    /// The reference a group's `$extends` (or JSON-Schema style `$ref`) names: `{a.b}` or `#/a/b`.
    static func referenceSegments(_ text: String) -> [String]? {
        if let alias = TokenValue.alias(in: text) {
            return alias.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
        return JSONPointer.segments(text)
    }

    /// Longer `$extends` chains (with nesting) are refused rather than risking the stack.
    static let maximumExtendsDepth = 200

    /// `root` with every `$extends` expanded: the target group's members, deep-merged under
    /// the local ones (local wins; a local token replaces an inherited one whole). Cycles
    /// (printed whole), missing targets and targets that are tokens are reported.
    static func expandingExtensions(_ root: Group, problems: inout [Problem]) -> Group {
        // Most trees extend nothing: returned as they are, not rebuilt group by group (each
        // group rebuilt is a copy of its members while the original is held).
        guard hasExtensions(root) else { return root }
        // A tree can make far more tokens than its file writes (each level extending the
        // previous one twice): counted first, by group, and refused past a bound.
        let written = root.tokenCount
        let bound = max(maximumExpandedTokens, 4 * written)
        let making = expandedCount(root)
        guard making <= bound else {
            problems.append(
                Problem(
                    file: root.file, location: root.location, path: JSONPath.root,
                    message:
                        "$extends would make about \(making == Int.max / 4 ? "too many" : String(making)) tokens of the \(written) written; the catalog expands a file to at most \(bound)"
                ))
            return withoutExtensions(root)
        }
        var memo: [String: Group] = [:]
        var visiting: [String] = []
        var tooDeep = false
        func expanded(_ path: [String], _ original: Group) -> Group {
            let key = path.joined(separator: ".")
            if let done = memo[key] { return done }
            visiting.append(key)
            defer { visiting.removeLast() }
            var group = original
            let name = group.property("$extends") != nil ? "$extends" : "$ref"
            if let reference = group.property(name) {
                group.removeProperty("$extends")
                group.removeProperty("$ref")
                let place = JSONPath.member(path.reduce(JSONPath.root) { JSONPath.member($0, $1) }, name)
                func report(_ message: String) {
                    problems.append(
                        Problem(file: group.file, location: reference.location, path: place, message: message))
                }
                if let text = reference.string, let segments = referenceSegments(text) {
                    let targetKey = segments.joined(separator: ".")
                    if visiting.count > maximumExtendsDepth {
                        if !tooDeep {
                            report("$extends chains deeper than \(maximumExtendsDepth) groups are not followed")
                        }
                        tooDeep = true  // said once, where it first happens
                    } else if let start = visiting.firstIndex(of: targetKey) {
                        report(
                            "$extends cycle: "
                                + (visiting[start...] + [targetKey]).map { $0.isEmpty ? "# (the root)" : $0 }
                                .joined(separator: " → "))
                    } else {
                        switch locate(segments, in: root) {
                        case .group(let target, let targetPath)?:
                            // Inherited copies are new tokens: the original keeps its stable id.
                            var merged = strippingStableIDs(expanded(targetPath, target))
                            var ignored: [(path: String, old: Entry, new: Entry)] = []
                            merge(group, into: &merged, collisions: &ignored)
                            merged.file = group.file
                            merged.location = group.location
                            group = merged
                        case .token?, .inToken?:
                            report("\(name) must name a group, but \(text) is a token")
                        default:
                            report("\(name) names \(text), which does not exist")
                        }
                    }
                } else {
                    report("\(name) must be a reference such as \"{group.name}\" or \"#/group/name\"")
                }
            }
            for child in group.names {
                if case .group(let member)? = group.children[child] {
                    group.children[child] = .group(expanded(path + [child], member))
                }
            }
            memo[key] = group
            return group
        }
        return expanded([], root)
    }

    /// About how many tokens expanding `root`'s `$extends` makes (an upper bound: a local
    /// token replacing an inherited one counts twice), each written group counted once;
    /// saturates at `Int.max / 4`.
    static func expandedCount(_ root: Group) -> Int {
        let saturated = Int.max / 4
        var counts: [String: Int] = [:]
        var counting: Set<String> = []
        func count(_ path: [String], _ group: Group, depth: Int) -> Int {
            let key = path.joined(separator: ".")
            if let known = counts[key] { return known }
            guard depth <= 2 * maximumExtendsDepth, counting.insert(key).inserted else { return 0 }
            defer { counting.remove(key) }
            var total = 0
            if let reference = (group.property("$extends") ?? group.property("$ref"))?.string,
                let segments = referenceSegments(reference),
                case .group(let target, let targetPath)? = locate(segments, in: root)
            {
                total = count(targetPath, target, depth: depth + 1)
            }
            for child in group.names {
                switch group.children[child] {
                case .group(let member)?:
                    total = min(saturated, total + count(path + [child], member, depth: depth + 1))
                default: total = min(saturated, total + 1)
                }
            }
            counts[key] = total
            return total
        }
        return count([], root, depth: 0)
    }

    /// Whether a group in the tree (`group` or one below it) has `$extends` or `$ref`.
    static func hasExtensions(_ group: Group) -> Bool {
        group.properties.contains { $0.key == "$extends" || $0.key == "$ref" }
            || group.children.values.contains { node in
                if case .group(let child) = node { return hasExtensions(child) }
                return false
            }
    }

    /// `group` with every group's `$extends` (and group `$ref`) left out: what is read when
    /// expanding them is refused, so that the refusal is said once.
    static func withoutExtensions(_ group: Group) -> Group {
        var result = group
        result.removeProperty("$extends")
        result.removeProperty("$ref")
        for name in group.names {
            if case .group(let child)? = group.children[name] {
                result.children[name] = .group(withoutExtensions(child))
            }
        }
        return result
    }

    /// The most tokens `$extends` may make of a file that writes few (four times those
    /// written where that is more): groups extending groups can multiply at each level.
    static let maximumExpandedTokens = 1_000_000
}

extension TokenTree {
    /// `group` with every token-shaped `{"$ref": "#/a"}` whose target is a group turned into
    /// a group extending it (JSON Schema's `$ref`, which `$extends` is sugar for).
    static func convertingGroupReferences(_ group: Group, root: Group) -> Group {
        // Most trees have none: returned as they are, not rebuilt group by group.
        guard hasGroupReferences(group, root: root) else { return group }
        var result = group
        for name in group.names {
            switch group.children[name]! {
            case .group(let child):
                guard hasGroupReferences(child, root: root) else { continue }
                result.children[name] = .group(convertingGroupReferences(child, root: root))
            case .token(let entry):
                guard isGroupReference(entry, root: root) else { continue }
                var converted = Group(file: entry.file, location: entry.object.location)
                converted.properties = entry.object.object ?? []
                result.children[name] = .group(converted)
            }
        }
        return result
    }

    /// Whether `entry` is written as a token but is a `$ref` to a group.
    private static func isGroupReference(_ entry: Entry, root: Group) -> Bool {
        // DTCG 2025.10 has no group `$ref` (a pointer names a value): strict files keep it a token.
        guard entry.mayPoint, !entry.dialect.rules.strict, entry.object["$value"] == nil,
            let pointer = entry.object["$ref"]?.string,
            let segments = JSONPointer.segments(pointer), case .group? = locate(segments, in: root)
        else { return false }
        return true
    }

    /// Whether a token in `group`, at any depth, is a `$ref` to a group.
    private static func hasGroupReferences(_ group: Group, root: Group) -> Bool {
        group.children.values.contains { node in
            switch node {
            case .group(let child): return hasGroupReferences(child, root: root)
            case .token(let entry): return isGroupReference(entry, root: root)
            }
        }
    }
}

extension TokenTree {
    /// `group` with `$extensions["catalog.id"]` removed from every token below it: a token
    /// inherited through `$extends` is a new token, and the stable id stays with the original.
    static func strippingStableIDs(_ group: Group) -> Group {
        var result = group
        for name in group.names {
            switch group.children[name]! {
            case .group(let child): result.children[name] = .group(strippingStableIDs(child))
            case .token(var entry):
                let object = entry.object
                guard let members = object.object, let extensions = object["$extensions"]?.object,
                    extensions.contains(where: { $0.key == "catalog.id" })
                else { continue }
                let kept = extensions.filter { $0.key != "catalog.id" }
                entry.object = JSON(
                    .object(
                        members.compactMap { member in
                            guard member.key == "$extensions" else { return member }
                            return kept.isEmpty ? nil : (member.key, JSON(.object(kept), at: member.value.location))
                        }), at: object.location)
                result.children[name] = .token(entry)
            }
        }
        return result
    }
}
