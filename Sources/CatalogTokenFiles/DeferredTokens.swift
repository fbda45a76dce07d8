import CatalogModel
import Foundation

/// A token file's bytes, which the tree's entries for the token objects its parse left
/// out are parsed from when read.
final class TokenText: Sendable {
    let file: String
    let data: Data
    /// Hears the bytes read up to each object parsed (``ThemeInput/reading``).
    let reading: (@Sendable (_ file: String, _ done: Int, _ total: Int) -> Void)?

    init(file: String, data: Data, reading: (@Sendable (_ file: String, _ done: Int, _ total: Int) -> Void)? = nil) {
        self.file = file
        self.data = data
        self.reading = reading
    }

    /// The object `object` records, as the whole file's parse would have given it. The
    /// bytes were parsed once already, whole: they cannot fail now, and an empty object
    /// (which the reader reports as a token without a value) stands for what would.
    func parse(_ object: DeferredObject) -> JSON {
        reading?(file, object.endOffset, data.count)
        return (try? JSONParser.parseDeferred(object, in: data, file: file)) ?? JSON(.object([]), at: object.location)
    }
}

/// The token objects a plain token file's parse left out of its tree
/// (``JSONParser/parseDeferring(_:file:where:)``): every object with `$value` and no
/// `$ref` or `$extends` in it, not below a `$` property. Its tree holds its groups; each
/// token object is parsed when walked and let go, so that a file's tokens are never all
/// held as parsed trees (a million tokens' objects were 256 MB).
struct DeferredTokens {
    let text: TokenText
    /// The objects left out, in document order.
    let objects: [DeferredObject]
    /// What they say of the document's dialect.
    let signs: DialectSigns

    /// The object left out that starts at `location`, if any.
    func object(at location: SourceLocation) -> DeferredObject? {
        var (low, high) = (0, objects.count)
        while low < high {
            let middle = (low + high) / 2
            let place = objects[middle].location
            if (place.line, place.column) < (location.line, location.column) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < objects.count && objects[low].location == location ? objects[low] : nil
    }

    /// Parses `data` leaving its token objects out, or `nil` where it has none to leave; a
    /// repeated key is kept (the last wins, and it is returned) or, without
    /// `keepingDuplicates`, refused. For a copy with tokens blanked out, `blanked` says
    /// what those tokens say (and the copy is a DTCG file even with none left).
    static func parse(
        _ data: Data, file: String, keepingDuplicates: Bool = true, blanked: DialectSigns? = nil,
        reading: (@Sendable (_ file: String, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> (json: JSON, duplicates: [Diagnostic], tokens: Self?) {
        reading?(file, 0, data.count)
        var draft = blanked?.draftStrings ?? false
        var figma = blanked?.figma ?? false
        let (json, duplicates, objects) = try JSONParser.parseDeferring(
            data, file: file, keepingDuplicates: keepingDuplicates
        ) { object in
            guard object["$value"] != nil, !TokenTree.mentionsPointer(object) else { return false }
            if !draft, DTCGFormat.usesDraftStrings(object) { draft = true }
            if !figma, object["$extensions"]?["com.figma"] != nil { figma = true }
            return true
        }
        guard !objects.isEmpty || blanked != nil else { return (json, duplicates, nil) }
        return (
            json, duplicates,
            Self(
                text: TokenText(file: file, data: data, reading: reading), objects: objects,
                signs: DialectSigns(draftStrings: draft, figma: figma))
        )
    }
}
