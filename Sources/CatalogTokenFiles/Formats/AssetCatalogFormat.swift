import CatalogModel
import CatalogSystem
import Foundation

/// An Xcode asset catalog (`Assets.xcassets`) read as a theme, as Apple's asset catalog
/// format reference lays it out: every `*.colorset` is a color token named by its folder
/// (a folder whose `Contents.json` says `"provides-namespace": true` is a group, as Xcode
/// prefixes its assets' names with it; any other folder only organises); its `colors`
/// entries are its values. The entry with no `appearances` is "any"; `luminosity`
/// `light` / `dark` and `contrast` `high` entries are the modes of an `appearance`
/// dimension (`light`, the default, then `dark`, `highContrast`, `darkHighContrast`, the
/// names `catalog export swift` writes them by; `any` before them, the default, where a
/// color set holds both an "any" and a "light" entry), each mode's value the entry Xcode
/// draws there (light falls back to any, dark high contrast to dark, then to any); entries of another idiom
/// (`ipad`, `mac`, …) without appearances are the modes of an `idiom` dimension
/// (`universal` the default). Components are read in each form Xcode writes: floats
/// (`"0.180"`), 8-bit integers (`"46"`) and hexadecimal (`"0x2E"`), in `srgb`,
/// `display-p3`, `extended-srgb`, `extended-linear-srgb` and the gray spaces (`white`); an
/// extended color past sRGB's 0…1 is written in `display-p3` where that gamut holds it.
/// A reference to a system color (`"reference": "systemRedColor"`), or an entry with no
/// color (Xcode's empty `AccentColor`), is kept as written and flagged, as a value the
/// catalog cannot hold; what the format holds that this reader does
/// not (an idiom's own appearances, a display gamut's own value) is refused naming the file.
enum AssetCatalogFormat {
    /// Whether `path` names an asset catalog folder.
    static func isCatalog(_ path: String) -> Bool {
        (path as NSString).pathExtension == "xcassets"
    }

    /// The dimensions' names.
    static let appearanceDimension = "appearance"
    static let idiomDimension = "idiom"

    /// The catalog at `folder` as DTCG sources: the default values, and one source per
    /// mode of the appearance and idiom dimensions that some colorset has.
    static func sources(of folder: String) throws -> (base: ThemeInput.Source, modes: [ThemeInput.ModeSource]) {
        var tree = Tree()
        var modes: [String: [String: Tree]] = [:]
        var problems: [Diagnostic] = []
        let files = DocumentFiles.visibleFiles(under: folder).filter {
            ($0 as NSString).lastPathComponent == "Contents.json"
                && ($0 as NSString).deletingLastPathComponent.hasSuffix(".colorset")
        }
        guard !files.isEmpty else {
            throw DocumentError(file: folder, message: "the asset catalog holds no color sets (*.colorset)")
        }
        var seen: [String: String] = [:]
        var anyBesideLight = false
        for relative in files {
            let file = (folder as NSString).appendingPathComponent(relative)
            let path = try tokenPath(of: relative, in: folder)
            if let earlier = seen[path.joined(separator: "/")] {
                problems.append(
                    Diagnostic(
                        file: file,
                        message:
                            "the color set \(path.joined(separator: "/")) is also at \(earlier): Xcode refuses two assets of one name"
                    ))
                continue
            }
            seen[path.joined(separator: "/")] = file
            do {
                let (data, _) = try DocumentFiles.read(file)
                let root = try JSONParser.parse(data, file: file)
                let set = try colorSet(root, file: file)
                anyBesideLight = anyBesideLight || set.anyBesideLight
                guard tree.set(path, token(set.any)) else {
                    problems.append(
                        Diagnostic(
                            file: file,
                            message:
                                "the color set \(path.joined(separator: "/")) shares a name with a color set or namespace folder on its way: a token cannot hold tokens; rename one"
                        ))
                    continue
                }
                for (dimension, values) in set.modes {
                    for (mode, value) in values {
                        modes[dimension, default: [:]][mode, default: Tree()].set(path, token(value))
                    }
                }
            } catch let error as DocumentError {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DocumentError(problems) }
        let base = ThemeInput.Source(file: folder, data: Data(tree.json.serialized().utf8))
        var sources: [ThemeInput.ModeSource] = []
        // Where a color set holds both an "any" and a "light" entry, "any" is a mode of
        // its own (the default: what Xcode draws where no appearance is asked for).
        let appearanceOrder = anyBesideLight ? ["any"] + appearanceModes : appearanceModes
        for (dimension, order) in [(appearanceDimension, appearanceOrder), (idiomDimension, idioms)] {
            guard let found = modes[dimension] else { continue }
            // The default mode first: every token at its default value, so that the
            // dimension's modes are the catalog's own names.
            let defaultMode = order[0]
            var all = [(defaultMode, tree)]
            all += order.dropFirst().compactMap { mode in found[mode].map { (mode, $0) } }
            for (mode, values) in all {
                sources.append(
                    ThemeInput.ModeSource(
                        dimension: dimension, mode: mode,
                        source: ThemeInput.Source(
                            file: "\(folder) (\(dimension) \(mode))", data: Data(values.json.serialized().utf8))))
            }
        }
        return (base, sources)
    }

    /// The appearance modes, the default first.
    static let appearanceModes = ["light", "dark", "highContrast", "darkHighContrast"]
    /// The idioms, the default first.
    static let idioms = ["universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision"]

    /// A token's path from a colorset's `Contents.json` path: the namespace folders' names
    /// and the colorset's.
    static func tokenPath(of relative: String, in folder: String) throws -> [String] {
        let parts = relative.split(separator: "/").map(String.init).dropLast()
        var path: [String] = []
        for (index, part) in parts.enumerated() {
            if index == parts.count - 1 {
                path.append(String(part.dropLast(".colorset".count)))
            } else if providesNamespace(
                (folder as NSString).appendingPathComponent(parts[...index].joined(separator: "/")))
            {
                path.append(part)
            }
        }
        for name in path
        where name.isEmpty || name.contains(".") || name.hasPrefix("$") || name.contains("{")
            || name.contains("}")
        {
            throw DocumentError(
                file: (folder as NSString).appendingPathComponent(relative),
                message:
                    "the asset name \"\(name)\" cannot be a token name (a token name holds no '.', '{' or '}' and does not start with '$'); rename the asset"
            )
        }
        return path
    }

    /// Whether the folder's `Contents.json` says `"provides-namespace": true`.
    static func providesNamespace(_ folder: String) -> Bool {
        guard let data = try? DocumentFiles.read((folder as NSString).appendingPathComponent("Contents.json")).data,
            let root = try? JSONParser.parse(data, file: folder)
        else { return false }
        return root["properties"]?["provides-namespace"]?.bool == true
    }

    /// A colorset's values: "any", and per dimension and mode.
    struct ColorSet {
        var any: JSON
        var modes: [String: [String: JSON]]
        /// Whether it has an "any" entry and a "light" one.
        var anyBesideLight = false
    }

    /// Reads a colorset's `colors` (`file` names it in problems).
    static func colorSet(_ root: JSON, file: String) throws -> ColorSet {
        guard let entries = root["colors"]?.array, !entries.isEmpty else {
            throw DocumentError(
                file: file, path: "$.colors", message: "a color set holds its colors in \"colors\"; none here")
        }
        var byAppearance: [String: JSON] = [:]
        var byIdiom: [String: JSON] = [:]
        for (index, entry) in entries.enumerated() {
            let at = "$.colors[\(index)]"
            let idiom = entry["idiom"]?.string ?? "universal"
            guard idioms.contains(idiom) else {
                throw DocumentError(
                    file: file, path: at + ".idiom",
                    message: "\"\(idiom)\" is not an idiom Xcode knows (\(idioms.joined(separator: ", ")))")
            }
            if entry["display-gamut"] != nil || entry["locale"] != nil || entry["subtype"] != nil {
                throw DocumentError(
                    file: file, path: at,
                    message:
                        "a color per display gamut, locale or device subtype is not read yet; keep one entry per appearance"
                )
            }
            var luminosity = "any"
            var contrast = "normal"
            for appearance in entry["appearances"]?.array ?? [] {
                switch (appearance["appearance"]?.string, appearance["value"]?.string) {
                case ("luminosity", let value?) where ["light", "dark"].contains(value): luminosity = value
                case ("contrast", "high"): contrast = "high"
                default:
                    throw DocumentError(
                        file: file, path: at + ".appearances",
                        message:
                            "\(appearance.serialized()) is not an appearance Xcode writes (luminosity light or dark, contrast high)"
                    )
                }
            }
            // No color (Xcode's empty AccentColor: the system's own is drawn) is kept as
            // written, and flagged, as a value the catalog cannot hold.
            let value = try entry["color"].map { try self.value($0, file: file, at: at + ".color") } ?? entry
            if idiom != "universal" {
                guard luminosity == "any", contrast == "normal" else {
                    throw DocumentError(
                        file: file, path: at,
                        message:
                            "a color for one idiom (\(idiom)) in one appearance is not read yet; keep appearances on the universal entries"
                    )
                }
                byIdiom[idiom] = value
            } else {
                byAppearance["\(luminosity)/\(contrast)"] = value
            }
        }
        guard
            let any = byAppearance["any/normal"] ?? byAppearance["light/normal"]
                ?? byIdiom.sorted(by: { $0.key < $1.key }).first?.value
        else {
            throw DocumentError(
                file: file, path: "$.colors", message: "no entry for the universal idiom's any appearance")
        }
        var modes: [String: [String: JSON]] = [:]
        if byAppearance.count > 1 || byAppearance["light/normal"] != nil {
            let light = byAppearance["light/normal"] ?? any
            let dark = byAppearance["dark/normal"] ?? any
            let high = byAppearance["light/high"] ?? byAppearance["any/high"] ?? light
            let darkHigh = byAppearance["dark/high"] ?? dark
            var found: [String: JSON] = ["light": light]
            if byAppearance["dark/normal"] != nil || byAppearance["dark/high"] != nil { found["dark"] = dark }
            if byAppearance["light/high"] != nil || byAppearance["any/high"] != nil { found["highContrast"] = high }
            if byAppearance["dark/high"] != nil { found["darkHighContrast"] = darkHigh }
            modes[appearanceDimension] = found
        }
        if !byIdiom.isEmpty { modes[idiomDimension] = byIdiom }
        return ColorSet(
            any: any, modes: modes,
            anyBesideLight: byAppearance["any/normal"] != nil && byAppearance["light/normal"] != nil)
    }

    /// A `color` entry as a DTCG color value; a system color reference kept as written.
    static func value(_ color: JSON, file: String, at path: String) throws -> JSON {
        if let reference = color["reference"]?.string {
            return .object([("reference", .string(reference)), ("platform", color["platform"] ?? .string("universal"))])
        }
        let space = color["color-space"]?.string ?? "srgb"
        guard let components = color["components"] else {
            throw DocumentError(file: file, path: path, message: "the color has no \"components\"")
        }
        func component(_ name: String, alpha: Bool = false) throws -> Double {
            guard let raw = components[name] else {
                throw DocumentError(
                    file: file, path: path + ".components", message: "the color has no \"\(name)\" component")
            }
            guard let number = number(raw, alpha: alpha), number.isFinite else {
                throw DocumentError(
                    file: file, path: path + ".components." + name,
                    message:
                        "\(raw.serialized()) is not a component Xcode writes (a float such as 0.180, an 8-bit 46 or 0x2E)"
                )
            }
            return number
        }
        let alpha = components["alpha"] == nil ? 1 : try component("alpha", alpha: true)
        let rgb: [Double]
        let dtcgSpace: String
        switch space {
        case "srgb", "extended-srgb":
            rgb = [try component("red"), try component("green"), try component("blue")]
            dtcgSpace = "srgb"
        case "display-p3":
            rgb = [try component("red"), try component("green"), try component("blue")]
            dtcgSpace = "display-p3"
        case "extended-linear-srgb":
            rgb = [try component("red"), try component("green"), try component("blue")]
            dtcgSpace = "srgb-linear"
        case "gray-gamma-22", "extended-gray":
            let white = try component("white")
            rgb = [white, white, white]
            dtcgSpace = "srgb"
        default:
            throw DocumentError(
                file: file, path: path + ".color-space",
                message:
                    "\"\(space)\" is not a color space this reader knows (srgb, display-p3, extended-srgb, extended-linear-srgb, gray-gamma-22, extended-gray)"
            )
        }
        // Components past 0…1 (extended ranges) have no place in sRGB's: the same color
        // in Display P3 where its gamut holds it (else kept, and flagged as out of range).
        var (spaceName, channels) = (dtcgSpace, rgb)
        if dtcgSpace != "display-p3", rgb.contains(where: { $0 < 0 || $0 > 1 }) {
            let p3 = ColorSpace.extendedSRGBToDisplayP3(rgb, linear: dtcgSpace == "srgb-linear").map {
                abs($0) < 1e-9 ? 0 : abs($0 - 1) < 1e-9 ? 1 : $0
            }
            if p3.allSatisfy({ (0...1).contains($0) }) { (spaceName, channels) = ("display-p3", p3) }
        }
        var members: [(String, JSON)] = [
            ("colorSpace", .string(spaceName)), ("components", .array(channels.map { .number($0) })),
        ]
        if alpha != 1 { members.append(("alpha", .number(alpha))) }
        return .object(members)
    }

    /// A component as Xcode writes it: a float (`"0.180"`, `1.0`), an 8-bit integer
    /// (`"46"`, read as 46/255) or hexadecimal (`"0x2E"`); an alpha is a float.
    static func number(_ raw: JSON, alpha: Bool) -> Double? {
        if let number = raw.number { return number }
        guard let text = raw.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("0x") {
            guard let byte = UInt8(text.dropFirst(2), radix: 16) else { return nil }
            return Double(byte) / 255
        }
        if !alpha, !text.contains("."), let byte = Int(text), (0...255).contains(byte) { return Double(byte) / 255 }
        return Double(text)
    }

    /// A color token: its value, or a system color reference kept as its `$value` (flagged).
    static func token(_ value: JSON) -> JSON {
        .object([("$type", .string("color")), ("$value", value)])
    }

    /// Tokens by path, as nested groups.
    struct Tree {
        private var root: [(String, Node)] = []

        indirect enum Node {
            case token(JSON)
            case group([(String, Node)])
        }

        /// Sets the token at `path`; `false`, changing nothing, where a token and a group
        /// would have one name (`Brand.colorset` beside a `Brand` namespace folder).
        @discardableResult
        mutating func set(_ path: [String], _ token: JSON) -> Bool {
            Self.set(path[...], token, in: &root)
        }

        private static func set(_ path: ArraySlice<String>, _ token: JSON, in members: inout [(String, Node)]) -> Bool {
            guard let first = path.first else { return false }
            let index = members.firstIndex { $0.0 == first }
            if path.count == 1 {
                guard let index else {
                    members.append((first, .token(token)))
                    return true
                }
                guard case .token = members[index].1 else { return false }
                members[index].1 = .token(token)
                return true
            }
            var children: [(String, Node)] = []
            if let index {
                guard case .group(let existing) = members[index].1 else { return false }
                children = existing
            }
            guard set(path.dropFirst(), token, in: &children) else { return false }
            if let index { members[index].1 = .group(children) } else { members.append((first, .group(children))) }
            return true
        }

        var json: JSON { Self.json(root) }

        private static func json(_ members: [(String, Node)]) -> JSON {
            .object(
                members.map { name, node in
                    switch node {
                    case .token(let token): return (name, token)
                    case .group(let children): return (name, json(children))
                    }
                })
        }
    }
}
