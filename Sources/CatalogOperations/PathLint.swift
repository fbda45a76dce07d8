import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

extension Catalog {
    /// `catalog lint PATH…`: the files or folders at `paths` scanned and linted without a
    /// stored scan (nothing is written: an app's pull request is linted against a catalog
    /// it only reads), paths relative to the first folder's parent as `usage scan` records
    /// them, the platforms `platforms` else the manifests' there, through the code's
    /// suppressions and `baseline`. Literals are compared with the tokens of the themes the
    /// files import and of `theme` (the project file's).
    public func lintReport(
        paths: [String], platforms: [DeploymentTarget]?, theme: String? = nil, baseline: LintBaseline?,
        environment: [String: String]
    ) throws -> LintReport {
        let (absolutes, root) = try ProjectPaths.given(paths)
        let declared =
            platforms ?? ([root] + absolutes.map(\.path)).lazy.compactMap(ProjectManifests.targets(in:)).first
        let files = try scanWithoutStoring(absolutes.map(\.path), root: root, environment: environment) {
            file, signal in
            "the Swift parser died on \(file) (signal \(signal); nesting too deep for its stack?)"
        }
        let findings = try lintFindings(
            sites: files.flatMap { $0.sites ?? [] }, tokenReferences: files.flatMap { $0.tokenReferences ?? [] },
            hardCodedValues: files.flatMap { $0.hardCodedValues ?? [] },
            imports: Set(files.flatMap { $0.imports ?? [] }), theme: theme, platforms: declared)
        return Self.report(
            findings, baseline: baseline, texts: Self.sourceTexts(of: Set(findings.map(\.site.file)), under: [root]),
            rules: try repository.read { try lintRules() })
    }
}
