import CatalogModel
import Foundation

/// Per-mode values a vendor extension states plainly, as Figma's Simple Design System
/// export writes them (`scripts/tokens/tokens.json` in figma/sds): each top-level group
/// is a variables collection whose `$extensions["com.figma.sds"].modes` lists its mode
/// names, and each token's `$extensions["com.figma.sds"].modes` maps those names to its
/// values, `$value` being the first mode's. SDS's own build (`scripts/tokens/app.mjs`)
/// writes one CSS rule per mode from that map; the catalog reads a collection of several
/// modes as a dimension of that name (without the `@` sigil), its first mode the default.
///
/// That build also writes references with Figma's variable names (`{@color_primitives.Gray.900}`,
/// `{@typography_primitives.Family Sans}`) and matches them to the token keys by lower
/// case, spaces as hyphens (`valueToCSS`: `.replace(/[\. ]/g, "-")`, then `toLowerCase()`):
/// a reference that names no token is read so, where that spelling names one.
struct VendorModes: Sendable {
    /// The extension keys that state modes so.
    static let keys = ["com.figma.sds", "org.sds"]

    /// The extension key this export uses.
    var key: String
    /// Each collection of several modes (a top-level group's name) and its dimension.
    var collections: [String: ModeDimension]

    /// The dimensions, in the file's order.
    var dimensions: [ModeDimension]

    /// The vendor modes `root` states, if its top-level groups list modes under one of ``keys``.
    static func detect(_ root: JSON) -> VendorModes? {
        for key in keys {
            var collections: [String: ModeDimension] = [:]
            var dimensions: [ModeDimension] = []
            var found = false
            for (name, group) in root.object ?? [] where !name.hasPrefix("$") {
                guard let list = group["$extensions"]?[key]?["modes"]?.array else { continue }
                found = true
                let modes = list.compactMap(\.string)
                guard modes.count == list.count, modes.count > 1, Set(modes).count == modes.count else { continue }
                var dimensionName = name.hasPrefix("@") ? String(name.dropFirst()) : name
                if dimensionName.isEmpty || dimensionName.contains("=") { dimensionName = name }
                let dimension = ModeDimension(name: dimensionName, modes: modes)
                collections[name] = dimension
                dimensions.append(dimension)
            }
            if found { return VendorModes(key: key, collections: collections, dimensions: dimensions) }
        }
        return nil
    }

    /// The values of a token at `path` (its first segment naming its collection) for each
    /// mode other than the default, as `dimension=mode` names, from its extension's `modes`.
    func modeValues(of content: JSON, tokenPath path: String) -> [(mode: String, value: JSON)] {
        let collection = String(path.prefix { $0 != "." })
        guard let dimension = collections[collection], let modes = content["modes"]?.object else { return [] }
        return modes.compactMap { mode, value in
            guard mode != dimension.defaultMode, dimension.modes.contains(mode) else { return nil }
            return ("\(dimension.name)=\(mode)", value)
        }
    }

    /// A reference's path as SDS's build matches it: each segment in lower case, spaces as hyphens.
    static func spelling(_ path: String) -> String {
        path.lowercased().replacingOccurrences(of: " ", with: "-")
    }
}
