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
    /// How to fix what each rule reported finds, by rule (what `catalog lint` prints).
    public let fixes: [String: String]
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
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let folder = URL(fileURLWithPath: temporary).appendingPathComponent(
            "catalog-lint-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(source.utf8).write(to: file)
        let scanned = try scanWithoutStoring([file.path], root: folder.path, environment: environment) { _, signal in
            "the Swift parser died on the source (signal \(signal)); it is nested too deeply to parse"
        }.first
        let sites = scanned?.sites ?? []
        let findings = try lintFindings(
            sites: sites, tokenReferences: scanned?.tokenReferences ?? [],
            hardCodedValues: scanned?.hardCodedValues ?? [], imports: Set(scanned?.imports ?? []), theme: nil,
            platforms: platforms)
        // The source's own suppression comments count, as in a project (``LintAdoption``).
        let kept = LintAdoption.applySuppressions(to: findings) { _ in source }.findings
        let reported = Set(kept.map(\.rule))
        let fixes = Dictionary(
            try lintRules().filter { reported.contains($0.id) }.map { ($0.id, $0.help) },
            uniquingKeysWith: { a, _ in a })
        return SourceLint(findings: kept, sites: sites, warning: scanned?.warning, fixes: fixes)
    }

    /// Scans `paths` under `root` with the helper for a project no scan records (so nothing
    /// stored counts as unchanged), storing nothing, the literals in button code looked for
    /// too; a file the parser dies on is refused with `died(file, signal)`.
    func scanWithoutStoring(
        _ paths: [String], root: String, environment: [String: String], died: (String, Int32) -> String
    ) throws -> [ScannedFile] {
        var helper = try UsageScanHelper.locate(environment: environment)
        helper.stopper = children
        let project = "catalog-lint-source-\(UInt64.random(in: 0...UInt64.max))"
        var files: [String: ScannedFile] = [:]
        let dead = try helper.scan(
            arguments: ["--db", path, "--project", project, "--root", root, "--literals"], root: root, paths: paths
        ) { message in
            if case .file(let result) = message { files[result.path] = result }
        }
        if let (file, signal) = dead.first { throw RequestError(died(file, signal)) }
        return files.values.sorted { $0.path < $1.path }
    }

    /// The usage rules over `sites`, the tokens named in code and the literals a token
    /// holds (of the themes the code uses: the generated modules it `imports`, the project
    /// file's `theme`), as `catalog lint` applies them.
    func lintFindings(
        sites: [UsageSite], tokenReferences: [TokenReference], hardCodedValues: [HardCodedValue],
        imports: Set<String>, theme: String?, platforms: [DeploymentTarget]?
    ) throws -> [Linter.Finding] {
        try repository.read { () throws -> [Linter.Finding] in
            // The themes of the asset catalogs the code names colors of count as used too.
            let assets = Set(tokenReferences.filter { $0.kind == .asset }.compactMap(\.target))
            let assetThemes = try AppTokenReport.themes(holdingAssets: assets, in: repository).values.flatMap { $0 }
            let styles = try repository.latestStyles()
            let linter = Linter(
                specs: try repository.latestSpecs(), styles: styles,
                themes: try UsageReport.linted(themesFor: styles, in: repository), platforms: platforms)
            return linter.findings(for: sites) + (try TokenNames.findings(for: tokenReferences, in: repository))
                + (try hardCodedFindings(
                    hardCodedValues, imports: imports, themes: Set(assetThemes + (theme.map { [$0] } ?? []))))
        }
    }
}
