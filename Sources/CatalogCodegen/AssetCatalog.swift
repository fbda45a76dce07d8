import CatalogModel
import Foundation

/// `Colors.xcassets`: one colorset per color token, in folders that mirror the token's
/// groups (each folder provides a namespace, so `colors/primary` is the asset's name).
///
/// Appearances, as the generated `Moded.appearance` picks them: the appearance dimension is
/// the first with a mode named `dark` in any case (`Color scheme`: `Light`, `Dark`), the
/// one the generated context type follows. Its default mode's value (every other dimension
/// at its default, as `--mode` chooses) is the "any" appearance; each other mode of it is
/// written as its appearance, whether or not its value differs, names compared without case:
/// `light` is `luminosity: light`, `dark` `luminosity: dark`, `highContrast` /
/// `lightHighContrast` / `highContrastLight` `contrast: high`, `darkHighContrast` /
/// `highContrastDark` both (a mode of no appearance, or of the default's, is left out; so
/// is a mode where the token has no value, as `theme show` says: Xcode then draws the "any"
/// color there, as the Swift constant gives its default).
/// Modes of other dimensions (a brand, a scale) have no asset-catalog appearance and are
/// in the Swift constants only. Colors
/// keep their space: `srgb`, `display-p3`, `extended-linear-srgb` for linear sRGB, and
/// `extended-srgb` (components may leave 0…1) for the spaces asset catalogs do not name.
enum AssetCatalog {
    static let info: JSON = .object([("author", .string("xcode")), ("version", .number(1))])

    /// The asset catalog's files, keyed by path below `Colors.xcassets/`; a color token's
    /// asset is named by its path (`colors/primary`).
    static func files(for constants: [SwiftTokens.Constant], dimensions: [ModeDimension]) -> [String: String] {
        var files: [String: String] = ["Contents.json": render(.object([("info", info)]))]
        var names = FolderNames()
        let variants = appearanceVariants(of: dimensions)
        for constant in constants where constant.token.type == .color {
            var segments: [String] = []
            for (index, segment) in constant.token.path.split(separator: ".").enumerated() {
                let suffix = index == constant.token.path.split(separator: ".").count - 1 ? ".colorset" : ""
                segments.append(
                    names.name(folderName(String(segment)), in: segments.joined(separator: "/"), suffix: suffix))
            }
            for depth in 1..<segments.count {
                let folder = segments.prefix(depth).joined(separator: "/")
                files[folder + "/Contents.json"] = render(
                    .object([("info", info), ("properties", .object([("provides-namespace", .bool(true))]))]))
            }
            var entries: [JSON] = []
            let base = constant.values[0].value
            let written =
                [([], base)]
                + variants.filter { !constant.missing.contains($0.name) }.map { variant in
                    (variant.appearances, constant.values.first { $0.mode == variant.name }?.value ?? base)
                }
            for (appearances, value) in written {
                var members: [(String, JSON)] = []
                if !appearances.isEmpty {
                    members.append(
                        (
                            "appearances",
                            .array(
                                appearances.map {
                                    .object([("appearance", .string($0.0)), ("value", .string($0.1))])
                                })
                        ))
                }
                members.append(("color", color(value)))
                members.append(("idiom", .string("universal")))
                entries.append(.object(members))
            }
            let path = segments.joined(separator: "/") + ".colorset/Contents.json"
            files[path] = render(.object([("colors", .array(entries)), ("info", info)]))
        }
        return files
    }

    /// The dimension that follows the system appearance: the first with a mode named
    /// `dark`, in any case.
    static func appearanceDimension(of dimensions: [ModeDimension]) -> ModeDimension? {
        dimensions.first { $0.modes.contains { $0.lowercased() == "dark" } }
    }

    /// The appearance dimension's modes written as variants: each mode other than the
    /// default that has an appearance the default's does not, by its ``ModeNaming`` name
    /// (how the constants name their modes).
    static func appearanceVariants(of dimensions: [ModeDimension]) -> [(name: String, appearances: [(String, String)])]
    {
        guard let dimension = appearanceDimension(of: dimensions) else { return [] }
        let naming = ModeNaming(dimensions)
        let taken = appearances(for: dimension.defaultMode).map { $0.map { "\($0.0)=\($0.1)" } } ?? []
        return dimension.modes.compactMap { mode in
            guard mode != dimension.defaultMode, let appearances = appearances(for: mode),
                appearances.map({ "\($0.0)=\($0.1)" }) != taken
            else { return nil }
            return (naming.name(ModeKey(dimension.name, mode)), appearances)
        }
    }

    /// The appearances a mode of the appearance dimension maps to (its name without case),
    /// `nil` when it has none.
    static func appearances(for mode: String) -> [(String, String)]? {
        switch mode.lowercased() {
        case "light": return [("luminosity", "light")]
        case "dark": return [("luminosity", "dark")]
        case "highcontrast", "lighthighcontrast", "highcontrastlight": return [("contrast", "high")]
        case "darkhighcontrast", "highcontrastdark": return [("luminosity", "dark"), ("contrast", "high")]
        default: return nil
        }
    }

    /// Folder names unique within their parent whatever the case (macOS's file system
    /// does not tell `ab` from `aB`) and never a name Windows reserves (`CON`, `nul.x`,
    /// `com1`): a clash is numbered (`aB-2`), a reserved stem prefixed (`_con`), as docs
    /// exports name their files; a name too long for a file system is shortened with a
    /// hash (``SafeName/shortened(_:limit:)``).
    struct FolderNames {
        private var assigned: [String: String] = [:]
        private var taken: [String: Set<String>] = [:]

        mutating func name(_ wanted: String, in parent: String, suffix: String) -> String {
            let key = parent + "\u{0}" + wanted + suffix
            if let name = assigned[key] { return name }
            var base = SafeName.shortened(wanted)
            if SafeName.isReservedOnWindows(base) { base = "_" + base }
            var name = base
            var counter = 2
            while taken[parent, default: []].contains((name + suffix).lowercased()) {
                name = "\(base)-\(counter)"
                counter += 1
            }
            taken[parent, default: []].insert((name + suffix).lowercased())
            assigned[key] = name
            return name
        }
    }

    /// Asset names may not contain `/` or start with `.`; other characters are kept.
    static func folderName(_ segment: String) -> String {
        var name = segment.replacingOccurrences(of: "/", with: "-")
        if name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name == "$root" { name = "root" }
        return name
    }

    static func color(_ value: JSON) -> JSON {
        let declared = value["colorSpace"]?.string ?? "srgb"
        var components = (value["components"]?.array ?? []).map { $0.number }
        let space: String
        switch declared {
        case "srgb": space = "srgb"
        case "display-p3": space = "display-p3"
        case "srgb-linear": space = "extended-linear-srgb"
        default:
            space = "extended-srgb"
            if let colorSpace = ColorSpace(rawValue: declared) {
                let (r, g, b) = colorSpace.toSRGB(components)
                components = [r, g, b]
            }
        }
        while components.count < 3 { components.append(0) }
        func text(_ number: Double) -> JSON { .string(String(format: "%.4f", number)) }
        return .object([
            ("color-space", .string(space)),
            (
                "components",
                .object([
                    ("alpha", text(value["alpha"]?.number ?? 1)), ("blue", text(components[2] ?? 0)),
                    ("green", text(components[1] ?? 0)), ("red", text(components[0] ?? 0)),
                ])
            ),
        ])
    }

    /// Xcode's own layout: two-space indentation, `key : value`.
    static func render(_ value: JSON) -> String {
        value.serialized(pretty: true).replacingOccurrences(of: "\": ", with: "\" : ") + "\n"
    }
}
