import Foundation

/// Writes token trees shaped like what design teams keep, at realistic size, for tests
/// and the benchmark: a Spectrum-shaped folder (flat names, `$schema` types, `sets` for
/// color theme and scale, uuids, aliases, typography with aliased parts, drop shadows,
/// deprecations with successors by name and by uuid, `component`/`private`), a Tokens
/// Studio folder (two theme groups, math, color modifiers) and a DTCG resolver document
/// with three modifiers and `$ref` set files. Deterministic: the same arguments write
/// the same bytes.
public enum TokenTreeGenerator {
    static let schema = "https://opensource.adobe.com/spectrum-tokens/schemas/token-types"

    /// A uuid-shaped stable id from a number.
    public static func uuid(_ n: Int) -> String {
        String(format: "%08x-0000-4000-8000-%012x", n & 0xFFFF_FFFF, n)
    }

    /// What ``spectrum(tokens:files:into:)`` wrote.
    public struct SpectrumTree {
        /// The token count.
        public var tokens: Int
        /// The file count.
        public var files: Int
    }

    /// A Spectrum-shaped folder: `files` JSON files holding about `tokens` tokens in one
    /// flat namespace. With `edited`, the same tree one release later: 10 tokens renamed
    /// (same uuid), 5 newly deprecated, 5 updated, 5 deleted, 5 added, 3 that arrive
    /// deprecated, and one token replaced by a successor named by uuid.
    @discardableResult
    public static func spectrum(tokens: Int = 2_500, files: Int = 90, into folder: URL, edited: Bool = false) throws
        -> SpectrumTree
    {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let grays = ["50", "75", "100", "200", "300", "400", "500", "600", "700", "800", "900"]
        let hues = ["blue", "red", "orange", "yellow", "green", "seafoam", "indigo", "purple", "fuchsia", "magenta"]
        var entries: [(name: String, json: String)] = []
        var serial = 1
        func next() -> Int {
            serial += 1
            return serial
        }
        // Palette: color-set tokens varying by color theme.
        for (h, hue) in (["gray"] + hues).enumerated() {
            for (g, step) in grays.enumerated() {
                let light = 255 - g * 20
                let dark = 20 + g * 20
                let id = next()
                entries.append(
                    (
                        "\(hue)-\(step)",
                        """
                        {"$schema": "\(schema)/color-set.json", "uuid": "\(uuid(id))", "sets": {
                          "light": {"$schema": "\(schema)/color.json", "value": "rgb(\(light), \((light + h * 7) % 256), \((light + h * 13) % 256))", "uuid": "\(uuid(next()))"},
                          "dark": {"$schema": "\(schema)/color.json", "value": "rgb(\(dark), \((dark + h * 7) % 256), \((dark + h * 13) % 256))", "uuid": "\(uuid(next()))"},
                          "wireframe": {"$schema": "\(schema)/color.json", "value": "rgb(\(light), \(light), \(light))", "uuid": "\(uuid(next()))"}}}
                        """
                    ))
            }
        }
        let typeTokens = [
            ("sans-serif-font-family", "font-family.json", "\"Adobe Clean\""),
            ("bold-font-weight", "font-weight.json", "\"bold\""),
            ("regular-font-weight", "font-weight.json", "\"regular\""),
            ("italic-font-style", "font-style.json", "\"italic\""), ("line-height-100", "multiplier.json", "\"1.3\""),
        ]
        for (name, type, value) in typeTokens {
            entries.append(
                (name, "{\"$schema\": \"\(schema)/\(type)\", \"value\": \(value), \"uuid\": \"\(uuid(next()))\"}"))
        }
        // Components: semantic aliases (color sets of aliases), scale sets, typography, shadows.
        var index = 0
        let renamedFrom = Set(0..<10)
        let deprecatedNow = Set(10..<15)
        let updated = Set(15..<20)
        let deleted = Set(20..<25)
        var skipped = 0
        while entries.count + skipped < tokens {
            let component = "component\(index / 24)"
            let kind = index % 6
            var name = "\(component)-token-\(index)"
            if edited && renamedFrom.contains(index) { name += "-renamed" }
            let id = uuid(100_000 + index)
            var json: String
            switch kind {
            case 0:
                let gray = grays[index % grays.count]
                let hue = hues[index % hues.count]
                let darkStep = edited && updated.contains(index) ? "900" : "800"
                json = """
                    {"$schema": "\(schema)/color-set.json", "uuid": "\(id)", "component": "\(component)", "sets": {
                      "light": {"$schema": "\(schema)/alias.json", "value": "{gray-\(gray)}", "uuid": "\(uuid(200_000 + index))"},
                      "dark": {"$schema": "\(schema)/alias.json", "value": "{\(hue)-\(darkStep)}", "uuid": "\(uuid(300_000 + index))"},
                      "wireframe": {"$schema": "\(schema)/alias.json", "value": "{gray-\(gray)}", "uuid": "\(uuid(400_000 + index))"}}}
                    """
            case 1, 2:
                let desktop = 8 + index % 40
                let mobile = edited && updated.contains(index) ? desktop + 3 : desktop + 2
                json = """
                    {"$schema": "\(schema)/scale-set.json", "uuid": "\(id)", "component": "\(component)", "sets": {
                      "desktop": {"$schema": "\(schema)/dimension.json", "value": "\(desktop)px", "uuid": "\(uuid(200_000 + index))"},
                      "mobile": {"$schema": "\(schema)/dimension.json", "value": "\(mobile)px", "uuid": "\(uuid(300_000 + index))"}}}
                    """
            case 3:
                json = """
                    {"$schema": "\(schema)/typography.json", "uuid": "\(id)", "value": {"fontFamily": "{sans-serif-font-family}", "fontSize": "{\(component)-token-\(index - 2)}", "fontWeight": "{bold-font-weight}", "fontStyle": "{italic-font-style}", "lineHeight": "{line-height-100}"}}
                    """
                if edited && renamedFrom.contains(index - 2) {
                    json = json.replacingOccurrences(
                        of: "token-\(index - 2)}", with: "token-\(index - 2)-renamed}")
                }
            case 4:
                let hue = hues[index % hues.count]
                json = """
                    {"$schema": "\(schema)/drop-shadow.json", "uuid": "\(id)", "value": [{"x": "0px", "y": "\(index % 8)px", "blur": "\(index % 16)px", "spread": "0px", "color": "{\(hue)-900}"}]}
                    """
            default:
                json = """
                    {"$schema": "\(schema)/opacity.json", "uuid": "\(id)", "value": "0.\(index % 9 + 1)", "private": true}
                    """
            }
            if edited && deleted.contains(index) {
                index += 1
                skipped += 1
                continue
            }
            if edited && deprecatedNow.contains(index) {
                json = String(json.dropLast()) + ", \"deprecated\": true, \"deprecated_comment\": \"No longer used.\"}"
            }
            entries.append((name, json))
            index += 1
        }
        if edited {
            for n in 0..<5 {
                entries.append(
                    (
                        "added-token-\(n)",
                        "{\"$schema\": \"\(schema)/dimension.json\", \"value\": \"\(n)px\", \"uuid\": \"\(uuid(900_000 + n))\"}"
                    ))
            }
            for n in 0..<3 {
                entries.append(
                    (
                        "born-deprecated-\(n)",
                        "{\"$schema\": \"\(schema)/dimension.json\", \"value\": \"\(n)px\", \"uuid\": \"\(uuid(910_000 + n))\", \"deprecated\": true}"
                    ))
            }
        }
        // A token replaced by a successor named by uuid: old-spacing → new-spacing.
        let successor = uuid(920_000)
        if edited {
            entries.append(
                (
                    "new-spacing",
                    "{\"$schema\": \"\(schema)/dimension.json\", \"value\": \"6px\", \"uuid\": \"\(successor)\"}"
                ))
        } else {
            entries.append(
                (
                    "old-spacing",
                    "{\"$schema\": \"\(schema)/dimension.json\", \"value\": \"6px\", \"uuid\": \"\(uuid(920_001))\", \"deprecated\": true, \"replaced_by\": \"\(successor)\"}"
                ))
        }
        // Spread over the files, palette first as Spectrum does.
        let perFile = max(1, (entries.count + files - 1) / files)
        var written = 0
        for (fileIndex, start) in stride(from: 0, to: entries.count, by: perFile).enumerated() {
            let slice = entries[start..<min(start + perFile, entries.count)]
            let body = slice.map { "  \"\($0.name)\": \($0.json)" }.joined(separator: ",\n")
            let name = String(format: "%03d-%@.json", fileIndex, fileIndex < 6 ? "color-palette" : "components")
            try Data("{\n\(body)\n}\n".utf8).write(to: folder.appending(path: name))
            written += 1
        }
        return SpectrumTree(tokens: entries.count, files: written)
    }

    /// A Tokens Studio folder: `$themes.json` (groups Mode: Light, Dark and Brand: Acme,
    /// Globex), `$metadata.json`, a core set with `count` spacing tokens using math, and
    /// mode and brand sets with aliases and color modifiers.
    public static func tokensStudio(count: Int = 200, into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder.appending(path: "brand"), withIntermediateDirectories: true)
        var core: [String] = ["\"base\": {\"value\": \"4\", \"type\": \"spacing\"}"]
        for n in 1..<count {
            let expression = n % 3 == 0 ? "roundTo({base} * \(n) / 3, 1)" : "{base} * \(n) + \(n % 4)"
            core.append("\"space-\(n)\": {\"value\": \"\(expression)\", \"type\": \"spacing\"}")
        }
        for n in 0..<20 {
            core.append(
                "\"gray-\(n)\": {\"value\": \"#\(String(repeating: String(format: "%02x", n * 12), count: 3))\", \"type\": \"color\"}"
            )
        }
        try Data("{\(core.joined(separator: ",\n"))}".utf8).write(to: folder.appending(path: "core.json"))
        for (mode, offset) in [("light", 0), ("dark", 19)] {
            var set: [String] = []
            for n in 0..<20 {
                set.append("\"surface-\(n)\": {\"value\": \"{gray-\(abs(offset - n))}\", \"type\": \"color\"}")
            }
            try Data("{\(set.joined(separator: ",\n"))}".utf8).write(to: folder.appending(path: "\(mode).json"))
        }
        for (brand, color) in [("acme", "#ff7900"), ("globex", "#6b3fa0")] {
            let set = """
                {"accent": {"value": "\(color)", "type": "color"},
                 "accent-hover": {"value": "{accent}", "type": "color", "$extensions": {"studio.tokens": {"modify": {"type": "darken", "value": "0.2", "space": "hsl"}}}},
                 "accent-muted": {"value": "{accent}", "type": "color", "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "0.5", "space": "srgb"}}}},
                 "control-height": {"value": "{space-8} + {base}", "type": "sizing"}}
                """
            try Data(set.utf8).write(to: folder.appending(path: "brand/\(brand).json"))
        }
        let themes = """
            [{"id": "1", "name": "Light", "group": "Mode", "selectedTokenSets": {"core": "source", "light": "enabled", "dark": "disabled"}},
             {"id": "2", "name": "Dark", "group": "Mode", "selectedTokenSets": {"core": "source", "light": "disabled", "dark": "enabled"}},
             {"id": "3", "name": "Acme", "group": "Brand", "selectedTokenSets": {"brand/acme": "enabled", "brand/globex": "disabled"}},
             {"id": "4", "name": "Globex", "group": "Brand", "selectedTokenSets": {"brand/acme": "disabled", "brand/globex": "enabled"}}]
            """
        try Data(themes.utf8).write(to: folder.appending(path: "$themes.json"))
        try Data(#"{"tokenSetOrder": ["core", "light", "dark", "brand/acme", "brand/globex"]}"#.utf8).write(
            to: folder.appending(path: "$metadata.json"))
    }

    /// A DTCG resolver document (`theme.resolver.json`) with a foundation set of `count`
    /// tokens in two `$ref` files and three modifiers (theme, density, brand) whose
    /// contexts `$ref` files, one inline.
    public static func resolver(count: Int = 300, into folder: URL) throws {
        for sub in ["foundation", "theme", "density", "brand"] {
            try FileManager.default.createDirectory(at: folder.appending(path: sub), withIntermediateDirectories: true)
        }
        var palette: [String] = []
        for n in 0..<count {
            let l = Double(n % 100) / 100
            palette.append(
                "\"c\(n)\": {\"$value\": {\"colorSpace\": \"\(n % 2 == 0 ? "oklch" : "display-p3")\", \"components\": \(n % 2 == 0 ? "[\(l), 0.1, \(n % 360)]" : "[\(l), \(1 - l), 0.5]")}}"
            )
        }
        try Data("{\"palette\": {\"$type\": \"color\", \(palette.joined(separator: ",\n"))}}".utf8).write(
            to: folder.appending(path: "foundation/palette.tokens.json"))
        var semantic: [String] = []
        for n in 0..<count / 3 { semantic.append("\"role\(n)\": {\"$value\": \"{palette.c\(n)}\"}") }
        semantic.append(
            "\"space\": {\"$type\": \"dimension\", \"inset\": {\"$value\": {\"value\": 12, \"unit\": \"px\"}}}")
        try Data("{\"semantic\": {\"$type\": \"color\", \(semantic.joined(separator: ",\n"))}}".utf8).write(
            to: folder.appending(path: "foundation/semantic.tokens.json"))
        var dark: [String] = []
        for n in 0..<count / 3 where n % 2 == 0 {
            dark.append("\"role\(n)\": {\"$value\": \"{palette.c\(count - 1 - n)}\"}")
        }
        try Data("{\"semantic\": {\"$type\": \"color\", \(dark.joined(separator: ",\n"))}}".utf8).write(
            to: folder.appending(path: "theme/dark.tokens.json"))
        try Data(
            #"{"semantic": {"space": {"$type": "dimension", "inset": {"$value": {"value": 8, "unit": "px"}}}}}"#.utf8
        )
        .write(to: folder.appending(path: "density/compact.tokens.json"))
        try Data(#"{"semantic": {"$type": "color", "role1": {"$value": "{palette.c2}"}}}"#.utf8).write(
            to: folder.appending(path: "brand/globex.tokens.json"))
        let document = """
            {"$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json", "name": "Generated", "version": "2025.10",
             "sets": {"foundation": {"sources": [{"$ref": "foundation/palette.tokens.json"}, {"$ref": "foundation/semantic.tokens.json"}]}},
             "modifiers": {
               "theme": {"contexts": {"light": [], "dark": [{"$ref": "theme/dark.tokens.json"}]}, "default": "light"},
               "density": {"contexts": {"regular": [], "compact": [{"$ref": "density/compact.tokens.json"}]}, "default": "regular"},
               "brand": {"contexts": {"acme": [], "globex": [{"$ref": "brand/globex.tokens.json"}]}, "default": "acme"}},
             "resolutionOrder": [{"$ref": "#/sets/foundation"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/density"}, {"$ref": "#/modifiers/brand"}]}
            """
        try Data(document.utf8).write(to: folder.appending(path: "theme.resolver.json"))
    }
}
