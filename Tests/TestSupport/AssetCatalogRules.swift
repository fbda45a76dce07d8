import CatalogModel
import Foundation

/// The rules of Apple's Asset Catalog Format Reference that the generated
/// `Colors.xcassets` must follow, checked on every `Contents.json`:
///
/// 1. Every `Contents.json` is an object with `info` = `{"author": string, "version": 1}`.
/// 2. A folder may have `properties` with a boolean `provides-namespace`.
/// 3. A colorset has `colors`: a non-empty array of entries, each with an `idiom` (universal,
///    iphone, ipad, mac, tv, watch, car, vision) and a `color`.
/// 4. A `color` has a `color-space` (srgb, display-p3, extended-srgb, extended-linear-srgb,
///    gray-gamma-22, extended-gray) and `components`: `red`, `green`, `blue`, `alpha` for the
///    RGB spaces (`white`, `alpha` for gray ones), each a decimal string (or number) in 0…1 —
///    extended spaces may leave that range, except `alpha`.
/// 5. `appearances`, when present, lists `{"appearance": "luminosity", "value": "light"|"dark"}`
///    and `{"appearance": "contrast", "value": "high"}`, each kind at most once per entry.
/// 6. Per idiom, exactly one entry has no appearances (the "any" appearance) and no two
///    entries have the same appearances.
public enum AssetCatalogRules {
    static let idioms: Set<String> = ["universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision"]
    static let spaces: Set<String> = [
        "srgb", "display-p3", "extended-srgb", "extended-linear-srgb", "gray-gamma-22", "extended-gray",
    ]

    /// What is wrong with the `Contents.json` at `path`.
    public static func problems(path: String, text: String) -> [String] {
        guard let json = try? JSONParser.parse(text, file: path), json.object != nil else {
            return ["not a JSON object"]
        }
        var problems: [String] = []
        if json["info"]?["author"]?.string == nil || json["info"]?["version"]?.number != 1 {
            problems.append("info must be {author: string, version: 1}")
        }
        if let properties = json["properties"], properties["provides-namespace"]?.bool == nil {
            problems.append("properties.provides-namespace must be a boolean")
        }
        guard path.hasSuffix(".colorset/Contents.json") else {
            if json["colors"] != nil { problems.append("colors outside a colorset") }
            return problems
        }
        guard let entries = json["colors"]?.array, !entries.isEmpty else { return problems + ["colors is empty"] }
        var seen: [String: Set<String>] = [:]
        var anyAppearance: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            guard let idiom = entry["idiom"]?.string, idioms.contains(idiom) else {
                problems.append("colors[\(index)]: unknown idiom")
                continue
            }
            guard let space = entry["color"]?["color-space"]?.string, spaces.contains(space) else {
                problems.append("colors[\(index)]: unknown color-space")
                continue
            }
            let gray = space.hasSuffix("gray") || space == "gray-gamma-22"
            let names = gray ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
            let components = entry["color"]?["components"]?.object ?? []
            if Set(components.map(\.key)) != Set(names) {
                problems.append("colors[\(index)]: components must be \(names.joined(separator: ", "))")
            }
            for (name, value) in components {
                guard let number = value.string.flatMap(Double.init) ?? value.number else {
                    problems.append("colors[\(index)].\(name): not a number")
                    continue
                }
                if (!space.hasPrefix("extended") || name == "alpha") && !(0...1).contains(number) {
                    problems.append("colors[\(index)].\(name): \(number) is outside 0…1")
                }
            }
            var kinds: Set<String> = []
            var key: [String] = []
            for appearance in entry["appearances"]?.array ?? [] {
                let kind = appearance["appearance"]?.string ?? ""
                let value = appearance["value"]?.string ?? ""
                let valid =
                    (kind == "luminosity" && ["light", "dark"].contains(value))
                    || (kind == "contrast" && value == "high")
                if !valid { problems.append("colors[\(index)]: unknown appearance \(kind)=\(value)") }
                if !kinds.insert(kind).inserted { problems.append("colors[\(index)]: \(kind) given twice") }
                key.append("\(kind)=\(value)")
            }
            if key.isEmpty { anyAppearance[idiom, default: 0] += 1 }
            if !seen[idiom, default: []].insert(key.sorted().joined(separator: ",")).inserted {
                problems.append("colors[\(index)]: the same appearances twice")
            }
        }
        for idiom in seen.keys where anyAppearance[idiom] != 1 {
            problems.append("\(idiom): exactly one entry must have no appearances")
        }
        return problems
    }
}
