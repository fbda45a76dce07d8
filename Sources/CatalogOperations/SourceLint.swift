import CatalogModel
import CatalogStore
import CatalogUsage
import Foundation

/// The usage rules over one Swift source text that is not part of a scanned project (an
/// agent's draft, through `catalog mcp`'s `lint_swift`): parsed by the `catalog-scan`
/// helper in a private temporary folder, linted as `catalog lint` lints (its suppression
/// comments included), nothing stored.
public struct SourceLint: Sendable {
    /// The longest source taken, in bytes: a quarter of what a scan reads of one file, since
    /// an agent's text arrives inside one protocol message.
    public static let maximumSourceBytes = 2 << 20

    /// The findings, in source order.
    public let findings: [Linter.Finding]
    /// The call sites found.
    public let sites: [UsageSite]
    /// What the parser said of the text (syntax errors, with their lines), if anything.
    public let warning: String?
}

extension Catalog {
    /// Lints `source` as the file `fileName` (a name, not a path: only its last component
    /// is used) for `platforms` (every platform when `nil`). `environment` locates the
    /// helper (`CATALOG_SCAN`).
    public func lint(
        source: String, fileName: String, platforms: [DeploymentTarget]?, environment: [String: String]
    ) throws -> SourceLint {
        guard source.utf8.count <= SourceLint.maximumSourceBytes else {
            throw RequestError(
                "the source is \(source.utf8.count) bytes, over the limit of \(SourceLint.maximumSourceBytes); lint a project with catalog usage scan and catalog lint"
            )
        }
        var name = (fileName as NSString).lastPathComponent.filter { $0 != "\0" }
        if name.isEmpty || name == "." || name == ".." { name = "Source.swift" }
        if !name.hasSuffix(".swift") { name += ".swift" }
        let helper = try UsageScanHelper.locate(environment: environment)
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let folder = URL(fileURLWithPath: temporary).appendingPathComponent(
            "catalog-lint-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(source.utf8).write(to: file)
        var scanned: ScannedFile?
        // A project name no scan records, so that nothing stored counts as unchanged.
        let project = "catalog-lint-source-\(UInt64.random(in: 0...UInt64.max))"
        let died = try helper.scan(
            arguments: ["--db", path, "--project", project, "--root", folder.path], root: folder.path,
            paths: [file.path]
        ) { message in
            if case .file(let result) = message { scanned = result }
        }
        if let (_, signal) = died.first {
            throw RequestError(
                "the Swift parser died on the source (signal \(signal)); it is nested too deeply to parse")
        }
        let sites = scanned?.sites ?? []
        let findings = try repository.read { () throws -> [Linter.Finding] in
            let styles = try repository.latestStyles()
            let linter = Linter(
                specs: try repository.latestSpecs(), styles: styles,
                themes: try UsageReport.linted(themesFor: styles, in: repository), platforms: platforms)
            return linter.findings(for: sites)
                + (try TokenNames.findings(for: scanned?.tokenReferences ?? [], in: repository))
        }
        // The source's own suppression comments count, as in a project (``LintAdoption``).
        let kept = LintAdoption.applySuppressions(to: findings) { _ in source }.findings
        return SourceLint(findings: kept, sites: sites, warning: scanned?.warning)
    }
}
