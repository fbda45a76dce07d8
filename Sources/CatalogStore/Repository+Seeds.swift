import CatalogModel
import CatalogTokenFiles
import Foundation

/// A document of a seed set, as handed to the check that runs before it is published.
public enum SeedDocument {
    case theme(Theme)
    case style(StyleDefinition, JSON)
    case spec(ComponentSpec, JSON)
}

extension Repository {
    /// Loads a seed set: `*.tokens.json` themes, then `*.style.json` styles, then
    /// `*.spec.json` specs, each kind in name and version order; other files are ignored.
    /// Every file is read before anything is written, and every problem in every file is
    /// reported together. Takes the open write transaction; running it again changes nothing.
    /// `check` runs before each document is published (the sync layer's version policy)
    /// and may refuse it by throwing. `folder` prefixes file paths in messages.
    public func seed(
        _ files: [SeedFile], from folder: String = "Seeds", check: (SeedDocument) throws -> Void = { _ in },
        in transaction: borrowing WriteTransaction
    ) throws -> SeedReport {
        var diagnostics: [Diagnostic] = []
        var themes: [(Theme, String, String)] = []
        var styles: [(StyleDefinition, JSON, String, String)] = []
        var specs: [(ComponentSpec, JSON, String, String)] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = (folder as NSString).appendingPathComponent(file.path)
            let text = String(decoding: file.data, as: UTF8.self)
            do {
                if file.path.hasSuffix(".tokens.json") {
                    themes.append((try ThemeReader.read(file.data, file: name), text, name))
                } else if file.path.hasSuffix(".style.json") {
                    let (style, document) = try StyleReader.read(file.data, file: name)
                    styles.append((style, document, text, name))
                } else if file.path.hasSuffix(".spec.json") {
                    let (spec, document) = try SpecReader.read(file.data, file: name)
                    specs.append((spec, document, text, name))
                }
            } catch let error as DocumentError {
                diagnostics += error.diagnostics
            }
        }
        if !diagnostics.isEmpty { throw DocumentError(diagnostics) }
        var report = SeedReport()
        for (theme, text, name) in themes.sorted(by: { ($0.0.name, $0.0.version) < ($1.0.name, $1.0.version) }) {
            try check(.theme(theme))
            let outcome = try publish(theme: theme, document: DocumentDigest(text), sourceFile: name, in: transaction)
            report.items.append(.init(kind: .theme, name: theme.name, version: theme.version, outcome: outcome))
        }
        for (style, document, text, name) in styles.sorted(by: { ($0.0.name, $0.0.version) < ($1.0.name, $1.0.version) }
        ) {
            try check(.style(style, document))
            let outcome = try publish(style: style, document: document, text: text, sourceFile: name, in: transaction)
            report.items.append(.init(kind: .style, name: style.name, version: style.version, outcome: outcome))
        }
        for (spec, document, text, name) in specs.sorted(by: { ($0.0.name, $0.0.version) < ($1.0.name, $1.0.version) })
        {
            try check(.spec(spec, document))
            let outcome = try publish(spec: spec, document: document, text: text, sourceFile: name, in: transaction)
            report.items.append(.init(kind: .spec, name: spec.name, version: spec.version, outcome: outcome))
        }
        return report
    }
}
