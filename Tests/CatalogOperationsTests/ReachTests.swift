import CatalogModel
import CatalogOperations
import CatalogStore
import Testing

/// `usage` reaches styles the way the resolver does: through references inside composite
/// values too, not only whole-value aliases.
@Suite struct ReachTests {
    @Test func aTokenInsideACompositeReachesTheStylesOfItsReferrers() throws {
        let repository = try DocsExportTests.seeded()
        let themes = try Set(repository.themeSummaries().map(\.name)).sorted().map {
            try repository.theme(VersionedName(name: $0))
        }
        let specs = try repository.latestSpecs()
        let styles = try repository.latestStyles()
        // typography.label is {"fontSize": "{system.textStyles.subheadline}", …}: a reference
        // inside a composite, which the DFButton styles' font reaches.
        let query = UsageQuery(name: "system.textStyles.subheadline", specs: specs, styles: styles, themes: themes)
        #expect(query.kind == .token)
        #expect(query.tokens.contains("typography.label"))
        #expect(query.styles.contains("DFButton.filled") && query.styles.contains("DFButton.outlined"))
        #expect(query.options["DFButton"]?.contains("filled") == true)
        // A whole-value alias chain still counts: colors.destructive → system.colors.systemRed.
        let red = UsageQuery(name: "system.colors.systemRed", specs: specs, styles: styles, themes: themes)
        #expect(red.tokens.contains("colors.destructive"))
        // A token no style reaches reaches no option.
        let unused = UsageQuery(name: "colors.success", specs: specs, styles: styles, themes: themes)
        #expect(unused.kind == .token && unused.styles.isEmpty && unused.options.isEmpty)
    }
}
