import CatalogModel
import CatalogOperations
import Foundation
import TestSupport
import Testing

/// The answers `catalog mcp` gives, as use cases of CatalogOperations (the server only
/// renders them): each checked against another reading of the same catalog.
@Suite struct AgentAnswerTests {
    static func seeded() throws -> (TemporaryDirectory, Catalog) {
        let directory = try TemporaryDirectory()
        let db = directory.path("c.db")
        _ = try Catalog.seed(from: nil, at: db, note: RevisionNote(message: "seed", author: "test"))
        return (directory, try Catalog(readingOnly: db))
    }

    @Test func aTokenIsAnsweredWithItsChainNamesAndStylesOrTheNearestPath() throws {
        let (_, catalog) = try Self.seeded()
        guard case .found(let dark) = try catalog.tokenDetail("colors.accent", theme: nil, modes: ["dark"]) else {
            Issue.record("colors.accent is a token")
            return
        }
        #expect(dark.theme.name == "DesignFoundation")
        // The value is the one the resolver gives for the whole theme in that context.
        let theme = try catalog.theme(VersionedName(name: dark.theme.name, version: dark.theme.version))
        let whole = try catalog.resolvedValues(of: ["colors.accent"], in: theme, isWhole: true, dark.context)
        #expect(dark.value == whole["colors.accent"] && !dark.value.isNull)
        #expect(dark.swiftNames?.contains("Color.dfAccent") == true)
        #expect(
            dark.styles == (try catalog.stylesReferring(to: "colors.accent", theme: theme.name, version: theme.version))
        )
        #expect(dark.reason == nil)
        guard case .found(let primary) = try catalog.tokenDetail("colors.primary", theme: nil, modes: []) else {
            Issue.record("colors.primary is a token")
            return
        }
        #expect(primary.styles == ["DFButton.ghost", "DFButton.glass", "DFButton.outlined", "DFButton.tinted"])
        // A typo names the nearest path; an unknown mode is a mode error.
        #expect {
            try catalog.tokenDetail("colors.acent", theme: VersionedName(name: "DesignFoundation"), modes: [])
        } throws: { "\($0)".contains("did you mean colors.accent?") }
        #expect(throws: ModeContextError.self) {
            try catalog.tokenDetail("colors.accent", theme: VersionedName(name: "DesignFoundation"), modes: ["sepia"])
        }
    }

    @Test func aStyleAnswerCarriesTheVerdictOfItsOwnColors() throws {
        let (_, catalog) = try Self.seeded()
        let answer = try catalog.styleAnswer(VersionedName(name: "DFButton.filled"), role: "destructive")
        let label = try #require(answer.resolved.foreground?.color)
        let fill = try #require(answer.resolved.background.color)
        let verdict = try #require(answer.contrast)
        #expect(verdict.ratio == (label.contrastRatio(with: fill) * 100).rounded() / 100)
        #expect(answer.contrastText.hasPrefix("Contrast: \(JSON.format(verdict.ratio)):1"))
        #expect(answer.advice.code.contains("role: .destructive"))
    }

    @Test func themesAndComponentsAreOverviewedAsTheCatalogHoldsThem() throws {
        let (_, catalog) = try Self.seeded()
        let all = try catalog.themeOverview(nil)
        #expect(Set(all.map(\.summary.name)) == Set(try catalog.themes().map(\.name)))
        let foundation = try #require(all.first { $0.summary.name == "DesignFoundation" })
        #expect(foundation.versions == foundation.versions.sorted() && foundation.versions.count > 1)
        #expect(foundation.versions.last == foundation.summary.version)
        #expect(foundation.styles.contains("DFButton.filled"))
        #expect { try catalog.themeOverview(VersionedName(name: "DesignFoundaton")) } throws: {
            "\($0)".contains("did you mean DesignFoundation?")
        }
        let component = try catalog.componentDetail(VersionedName(name: "DFButton"))
        #expect(
            component.applied.map(\.style)
                == component.spec.linkedStyles.filter { name in
                    component.applied.contains { $0.style == name }
                })
        #expect(component.applied.first?.import == "import DesignFoundationTokens")
    }

    @Test func searchFollowsTheStyleGraphAndTheSpecsGuidance() throws {
        let (_, catalog) = try Self.seeded()
        // A token's path finds every latest style that reads it (or a token whose path
        // holds it), and only those.
        let styles = try catalog.search("colors.primary", kind: .style, tokenLimit: 100).matches.map(\.name)
        let reading = try Catalog.latest(catalog.styles(), name: \.name, version: \.version).filter { summary in
            try catalog.style(VersionedName(name: summary.name, version: summary.version)).style.tokenReferences
                .contains { $0.token.lowercased().contains("colors.primary") }
        }.map(\.name)
        #expect(reading.contains("DFButton.tinted"))
        #expect(!reading.isEmpty && Set(styles) == Set(reading))
        // A spec option drawing a style finds it; a role finds the components that have it.
        #expect(
            try catalog.search("DFButton.filled", kind: .style, tokenLimit: 100).matches.map(\.name)
                .contains("DFButton.filled"))
        let destructive = try catalog.search("destructive", kind: .component, tokenLimit: 100).matches.map(\.name)
        #expect(destructive.contains("DFButton") && destructive.contains("Button"))
        // Stop words do not count as matched words.
        let phrase = try catalog.search("primary call to action", kind: nil, tokenLimit: 100)
        #expect(phrase.matches.allSatisfy { !($0.matchedWords ?? []).contains("to") })
        #expect(phrase.note != nil && !phrase.matches.isEmpty)
    }
}
