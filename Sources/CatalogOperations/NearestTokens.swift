import CatalogModel
import CatalogStore
import Foundation

/// A value to find the nearest tokens to (`find_token`): a color, a dimension or a font
/// family, with how the distance to a stored value is measured.
public struct ValueProbe {
    /// The type of the tokens compared.
    public var type: TokenType
    /// How distances are measured, as an answer names it.
    public var measure: String
    /// What a distance is written after (`ΔEOK `, `Δpt `).
    public var unit: String
    /// The distance to a resolved value, `nil` for a value of another kind.
    public var distance: (JSON) -> Double?
    /// The distance to a stored value's text where it can be read without parsing the JSON
    /// (an sRGB color), else `nil`: hundreds of candidates are measured per call.
    var quick: (String) -> Double? = { _ in nil }
    /// The index holding the type's values and the probe's point in it, where there is one.
    var indexed: (index: ValueIndex, point: [Double])?

    /// The largest dimension compared, in points: a larger one is no length a screen has.
    public static let largestPoints = 1e6

    /// Reads `text` as a color (`#0066CC`, `rgb(0 102 204)`), a dimension (`16`, `16px`,
    /// `1rem`) or a font family, or as `type` alone when given.
    public init(_ text: String, type: String?) throws {
        if type == nil || type == "color", let color = Color(css: text) ?? Color(hex: text) {
            self.type = .color
            measure = "ΔEOK (OKLab distance × 100, alpha counted)"
            unit = "ΔEOK "
            distance = { value in Color(dtcg: value).map { color.difference(to: $0) } }
            quick = { text in Color(storedSRGBIn: text).map { color.difference(to: $0) } }
            indexed = (.color, color.searchPoint)
            return
        }
        if type == nil || type == "dimension", let points = Self.points(text) {
            self.type = .dimension
            measure = "points"
            unit = "Δpt "
            distance = { value in TokenValue.points(ofDimension: value).map { abs($0 - points) } }
            indexed = (.length, [points])
            return
        }
        if type == nil || type == "dimension", let number = Double(text.lowercased().trimmingCharacters(in: .letters)),
            abs(number) > Self.largestPoints / 16
        {
            throw RequestError(
                "\(Self.quoted(text)) is no length a token holds (the largest compared is 1,000,000 points)")
        }
        if type == nil || type == "fontFamily", !text.isEmpty {
            let wanted = text.lowercased()
            self.type = .fontFamily
            measure = "0 the same family, 1 one of a stack"
            unit = ""
            distance = { value in
                let names = (value.array?.compactMap(\.string) ?? value.string.map { [$0] } ?? []).map {
                    $0.lowercased()
                }
                if names.first == wanted { return 0 }
                return names.contains(wanted) ? 1 : nil
            }
            return
        }
        throw RequestError(
            "\(Self.quoted(text)) is not a \(type ?? "color, dimension or font family") (#0066CC, rgb(0 102 204), 16px, 1rem, Inter)"
        )
    }

    /// A dimension in points: `16`, `16px`, `16pt`, `1rem` (16 px), at most
    /// ``largestPoints`` either way.
    private static func points(_ text: String) -> Double? {
        let trimmed = text.lowercased()
        for (unit, factor) in [("rem", 16.0), ("px", 1.0), ("pt", 1.0), ("", 1.0)] where trimmed.hasSuffix(unit) {
            if let number = Double(trimmed.dropLast(unit.count)), abs(number * factor) <= largestPoints {
                return number * factor
            }
        }
        return nil
    }

    /// A value as an answer repeats it: the first 60 characters of a long one.
    public static func quoted(_ text: String) -> String {
        text.count <= 60 ? text : "\(text.prefix(60))… (\(text.count) characters)"
    }
}

/// One token near a value: where, in which mode (`""` the default), its value and distance.
public struct NearToken: Sendable {
    public var theme: String
    public var version: Semver
    public var path: String
    public var mode: String
    public var value: JSON
    public var distance: Double
}

/// A theme version to look in, and the values of which modes to compare.
public struct NearestScope: Sendable {
    /// Which values of a theme are compared.
    public enum Modes: Sendable {
        /// Every mode's values (a dark value finds its token).
        case every
        /// The values in one mode (`nil`: the defaults), whose stored name (``ModeNaming``) is `name`.
        case one(ModeKey?, name: String)
    }

    public var theme: String
    public var version: Semver
    public var modes: Modes

    public init(theme: String, version: Semver, modes: Modes) {
        self.theme = theme
        self.version = version
        self.modes = modes
    }
}

extension Catalog {
    /// Where `find_token` looks: theme `theme` (its latest version unless one is given) or
    /// the latest version of every theme, in every mode's values, or in the one context
    /// mode name `mode` makes (a ``ModeContextError`` for a name no dimension has).
    public func nearestScopes(theme: VersionedName?, mode: String?) throws -> [NearestScope] {
        let themes = try self.themes()
        let references =
            theme.map { [$0] }
            ?? Catalog.latest(themes, name: \.name, version: \.version).map {
                VersionedName(name: $0.name, version: $0.version)
            }
        return try references.map { reference in
            let version = try themeVersion(reference)
            guard let mode else { return NearestScope(theme: reference.name, version: version, modes: .every) }
            guard let summary = themes.first(where: { $0.name == reference.name && $0.version == version })
            else { throw RequestError("no theme \(reference.name)@\(version)") }
            let header = summary.header
            let context = try ModeContext.from(modeNames: [mode], in: header)
            let key =
                header.dimensions.lazy.compactMap { dimension in
                    context.mode(for: dimension.name, in: header).flatMap {
                        $0 == dimension.defaultMode ? nil : ModeKey(dimension.name, $0)
                    }
                }.first
            return NearestScope(
                theme: reference.name, version: version,
                modes: .one(key, name: key.map { ModeNaming(header.dimensions).name($0) } ?? ""))
        }
    }

    /// The `limit` tokens whose values are nearest `probe`, over `scopes`, nearest first (ties
    /// by theme and path), each token once, in its nearest mode. Colors and dimensions are
    /// read from the search indexes: a box around the probe's point, widened fourfold while
    /// it holds fewer than `limit` tokens, then to the distance of the `limit`-th nearest it
    /// holds (no value outside a box is nearer than its half width, so the answer is exact):
    /// a few hundred rows whatever the theme's size. Font families are compared row by row.
    public func nearestTokens(to probe: ValueProbe, in scopes: [NearestScope], limit: Int) throws -> [NearToken] {
        /// The nearest value of each token so far, by theme and path: its mode, text and distance.
        var nearest: [String: (scope: NearestScope, path: String, mode: String, text: String, distance: Double)] = [:]
        func consider(_ scope: NearestScope, _ path: String, _ mode: String, _ text: String) throws {
            guard
                let distance = try probe.quick(text)
                    ?? probe.distance(JSONParser.parse(text, file: "resolved value"))
            else { return }
            // A value past what a double holds once converted (±1e308 rem) is near nothing.
            guard distance.isFinite else { return }
            let key = "\(scope.theme) \(path)"
            if let known = nearest[key], known.distance <= distance { return }
            nearest[key] = (scope, path, mode, text, distance)
        }
        for scope in scopes {
            var mode: String?
            if case .one(_, let name) = scope.modes { mode = name }
            guard let (index, point) = probe.indexed else {
                switch scope.modes {
                case .one(let key, let name):
                    try repository.forEachResolvedValue(
                        theme: scope.theme, version: scope.version, type: probe.type.rawValue, mode: key
                    ) { path, value in try consider(scope, path, name, value) }
                case .every:
                    try repository.forEachResolvedValueInEveryMode(
                        theme: scope.theme, version: scope.version, type: probe.type.rawValue
                    ) { path, mode, value in try consider(scope, path, mode, value) }
                }
                continue
            }
            var radius = 1.0
            while true {
                for row in try repository.indexedValues(
                    theme: scope.theme, version: scope.version, type: probe.type.rawValue, in: index, near: point,
                    radius: radius, mode: mode)
                {
                    try consider(scope, row.path, row.mode, row.value)
                }
                let found = nearest.values.filter { $0.scope.theme == scope.theme }.map(\.distance).sorted()
                guard found.count >= limit else {
                    if radius == index.coveringRadius { break }
                    radius = index.widened(radius)
                    continue
                }
                // The limit-th nearest found so far is as near as the answer's last can be: a
                // box that wide holds every value nearer (exact after one more look).
                let bound = found[limit - 1]
                if bound <= radius { break }
                radius = min(bound, index.coveringRadius)
            }
        }
        return try nearest.values.sorted {
            ($0.distance, $0.scope.theme, $0.path) < ($1.distance, $1.scope.theme, $1.path)
        }.prefix(limit).map { match in
            NearToken(
                theme: match.scope.theme, version: match.scope.version, path: match.path, mode: match.mode,
                value: try JSONParser.parse(match.text, file: "resolved value"), distance: match.distance)
        }
    }
}
