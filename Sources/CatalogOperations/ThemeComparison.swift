import CatalogChanges
import CatalogModel
import CatalogTokenFiles
import Foundation

/// `theme diff`: two sides, each a token file or a published theme version, compared token
/// by token, with what the change does to the catalog's styles and specs.
public struct ThemeComparison {
    /// The token changes from the first side to the second.
    public let diff: ThemeDiff
    /// The styles and specs whose values change; none without a catalog.
    public let impact: Impact?
}

extension Catalog {
    /// Compares `a` with `b`: each a token file where one exists at that path, else
    /// `NAME[@VERSION]` published in the catalog at `path`. The catalog is opened where a
    /// side needs it, or where it exists, for the impact; two versions of one theme are
    /// compared from the rows that changed between them, not read whole.
    public static func compareThemes(
        _ a: String, _ b: String, catalogAt path: String, waiting: LockWait = .standard
    ) throws -> ThemeComparison {
        let isFile = { (text: String) in FileManager.default.fileExists(atPath: text) }
        let catalog =
            !isFile(a) || !isFile(b) || isFile(path) ? try Catalog(path: path, waiting: waiting) : nil
        let diff: ThemeDiff
        let themeName: String
        if let catalog, !isFile(a), !isFile(b), let left = VersionedName(a), let right = VersionedName(b),
            left.name == right.name
        {
            diff = try catalog.themeDiff(of: left.name, from: left, to: right)
            themeName = left.name
        } else {
            let old = try side(a, catalog: catalog)
            let new = try side(b, catalog: catalog)
            diff = ThemeDiff.compute(
                from: ThemeDiff.Side(theme: old.theme, label: old.label),
                to: ThemeDiff.Side(theme: new.theme, label: new.label))
            themeName = new.theme.name
        }
        return ThemeComparison(diff: diff, impact: try catalog?.impact(of: diff, theme: themeName))
    }

    /// A side: the token file at `text` when there is one, else a published version.
    private static func side(_ text: String, catalog: Catalog?) throws -> (theme: Theme, label: String) {
        if FileManager.default.fileExists(atPath: text) {
            let input = try ThemeInput.files(
                [text], naming: .init(version: Semver(0, 0, 0), fallbackName: ThemeReader.Naming.stem(of: text)))
            return (try ThemeReader.read(input).theme, text)
        }
        guard let reference = VersionedName(text), let catalog else {
            throw RequestError("'\(text)' is neither a token file nor NAME@VERSION")
        }
        let theme = try catalog.theme(reference)
        return (theme, "\(theme.name)@\(theme.version)")
    }
}
