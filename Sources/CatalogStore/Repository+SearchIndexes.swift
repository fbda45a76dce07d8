import CatalogModel
import SQLite

/// The search indexes of migration 0016: token names and descriptions in an FTS5 trigram
/// index, resolved colors as OKLab points and resolved dimensions as points in R*Trees,
/// written by triggers whenever content rows are (see the migration). They are derived,
/// not content: sessions do not record them, content hashes do not read them.
enum SearchIndexes {
    /// Defines the SQL functions the index triggers call, on a connection that may write
    /// content: `catalog_color_point(value)`, a stored color's ``Color/searchPoint`` as a
    /// JSON array, and `catalog_length_points(value)`, a stored dimension in points; both
    /// `NULL` for any other value.
    static func defineFunctions(on database: Database) throws {
        // How a stored color and a stored dimension start (members in TokenValue's order).
        let colorMarker = Array(#"{"colorSpace":"#.utf8)
        let lengthMarker = Array(#"{"value":"#.utf8)
        try database.defineFunction("catalog_color_point", arguments: 2) { arguments in
            // Most stored colors are sRGB, read without parsing; others are converted.
            guard arguments[0].utf8.starts(with: colorMarker),
                let color = Color(storedSRGBIn: arguments[0])
                    ?? (try? JSONParser.parse(arguments[0], file: "resolved value")).flatMap(Color.init(dtcg:))
            else { return nil }
            return "["
                + ValueIndex.color.entry(color.searchPoint, theme: arguments[1]).map { String($0) }
                .joined(separator: ",") + "]"
        }
        try database.defineFunction("catalog_length_points", arguments: 1) { arguments in
            guard arguments[0].utf8.starts(with: lengthMarker),
                let value = try? JSONParser.parse(arguments[0], file: "resolved value"),
                let points = TokenValue.points(ofDimension: value), points.isFinite
            else { return nil }
            return String(points)
        }
    }
}

/// Which index a nearest-value search reads.
public enum ValueIndex: Sendable {
    /// Colors: OKLab times 100 (``Color/searchPoint`` without its alpha), in the theme's band.
    case color
    /// Dimensions: points.
    case length

    var table: String { self == .color ? "token_color_index" : "token_length_index" }
    var axes: [String] { self == .color ? ["l", "a", "b"] : ["points"] }

    /// A box of this half width holds every value of a theme around any point of it (OKLab
    /// times 100 spans less than 100 on each axis); lengths have no such bound.
    public var coveringRadius: Double { self == .color ? 256 : .infinity }

    /// The half width of the next box when one of `radius` held too few values: four times
    /// as wide, the covering radius past 256 (colors) or four million points (lengths).
    public func widened(_ radius: Double) -> Double {
        let wider = radius * 4
        return wider < (self == .color ? 256 : 4e6) ? wider : coveringRadius
    }

    /// The index entry of a point in the measured space (a color's alpha left out, its
    /// lightness moved into the theme's band: 1,024 bands 1,000 apart, the largest exact
    /// to a sixteenth in the 32-bit floats an R*Tree keeps; themes sharing a band are told
    /// apart by the entry's theme).
    func entry(_ point: [Double], theme: String) -> [Double] {
        guard self == .color else { return point }
        var hash: UInt32 = 2_166_136_261
        for byte in theme.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return [point[0] + Double(hash % 1024) * 1000, point[1], point[2]]
    }

    /// The condition for an entry `i` inside a box whose bounds on each axis are the
    /// parameters ?5 and ?6, ?7 and ?8, and so on.
    var box: String {
        axes.enumerated().map { number, axis in
            "i.\(axis)_max >= ?\(5 + 2 * number) AND i.\(axis)_min <= ?\(6 + 2 * number)"
        }.joined(separator: " AND ")
    }

    /// The box's bounds around `point` (in the measured space), `radius` either way.
    func bounds(around point: [Double], radius: Double, theme: String) -> [SQLValue] {
        entry(point, theme: theme).flatMap { [SQLValue.real($0 - radius), .real($0 + radius)] }
    }
}

extension Repository {
    /// The resolved values of a theme version's tokens of `type` whose indexed point lies
    /// within `radius` of `point` on every axis (a box, so every value nearer than `radius`
    /// is in it), as (path, mode, value JSON text). With `mode` (a ``ModeNaming`` name) only
    /// the values tokens have in that mode: the mode's own, else the default where the
    /// mode has none; without, every mode's (mode `""` is the default). An R*Tree lookup
    /// and a row read per candidate: the cost follows the answer, not the theme's size.
    public func indexedValues(
        theme: String, version: Semver, type: String, in index: ValueIndex, near point: [Double], radius: Double,
        mode: String?
    ) throws -> [(path: String, mode: String, value: String)] {
        let ordinal = try ordinal(theme: theme, version: version)
        // Parameters ?5 and on: each axis's low and high bound.
        let arguments: [SQLValue] =
            [.text(theme), .integer(ordinal), .text(type), mode.map { .text($0) } ?? .null]
            + index.bounds(around: point, radius: radius, theme: theme)
        let rows = try database.query(
            """
            SELECT i.path, i.mode, r.value FROM \(index.table) AS i
            JOIN resolved_tokens AS r ON r.theme = i.theme AND r.path = i.path AND r.mode = i.mode AND r.since = i.since
            JOIN tokens AS t ON t.theme = i.theme AND t.path = i.path AND \(DeltaTable.valid(at: "?2", prefix: "t.", lookup: true))
            WHERE \(index.box) AND i.theme = ?1 AND i.since <= ?2 AND (r.until IS NULL OR r.until > ?2) AND t.type = ?3
                AND (?4 IS NULL OR i.mode = ?4 OR (i.mode = '' AND NOT EXISTS (
                    SELECT 1 FROM resolved_tokens AS o WHERE o.theme = i.theme AND o.path = i.path AND o.mode = ?4
                        AND \(DeltaTable.valid(at: "?2", prefix: "o.", lookup: true)))))
            """, arguments)
        return try rows.map { (try $0.text(0), try $0.text(1), try $0.text(2)) }
    }
}
