import CatalogModel
import CatalogResources
import CatalogTokenFiles
import Foundation
import SQLite
import TestSupport
import Testing

@testable import CatalogStore

@Suite struct SeedTests {
    @Test(arguments: Storage.allCases)
    func seedsLoadEverySystemOnceAndAgainChangesNothing(storage: Storage) throws {
        let directory = try TemporaryDirectory()
        let repository = try seededRepository(storage, in: directory)
        let specs = try repository.specSummaries()
        #expect(specs.map(\.name) == ["Button", "ButtonVariantStyle", "DFButton", "OUDSButton"])
        #expect(specs.first { $0.name == "DFButton" }?.versions == [Semver(0, 2, 0), Semver(1, 2, 0)])
        #expect(specs.first { $0.name == "OUDSButton" }?.versions == [Semver(2, 0, 0), Semver(3, 0, 0)])
        let themes = try repository.themeSummaries()
        #expect(
            Set(themes.map(\.name)) == [
                "DesignFoundation", "DesignFoundation-Aurora", "DesignFoundation-Copper", "DesignFoundation-Sage",
                "DesignFoundation-Slate", "Orange", "Sosh", "SwiftUI",
            ])
        #expect(
            themes.filter { $0.name == "DesignFoundation" }.map(\.version) == [
                Semver(0, 2, 0), Semver(1, 0, 3), Semver(1, 1, 2),
            ])
        #expect(try repository.styleSummaries().count == 29)
        let hash = try repository.contentHash()
        let again = try repository.write { transaction in
            try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        #expect(again.items.allSatisfy { $0.outcome == .unchanged })
        #expect(try repository.contentHash() == hash)
    }

    @Test func seedHistoryCarriesTheReleases() throws {
        let directory = try TemporaryDirectory()
        let repository = try seededRepository(.memory, in: directory)
        let before = try repository.theme(VersionedName(name: "DesignFoundation", version: Semver(0, 2, 0)))
        let after = try repository.theme(VersionedName(name: "DesignFoundation", version: Semver(1, 0, 3)))
        let latest = try repository.theme(VersionedName(name: "DesignFoundation"))
        #expect(latest.version == Semver(1, 1, 2))
        #expect(before.token("typography.label")?.value?["fontSize"]?.serialized() == "{\"value\":13,\"unit\":\"px\"}")
        #expect(after.token("typography.label")?.value?["textStyle"] == .string("subheadline"))
        #expect(before.token("colors.interactiveDisabled")?.value == .string("{system.colors.systemGray6}"))
        #expect(after.token("colors.interactiveDisabled")?.value == .string("{system.colors.systemGray5}"))
        #expect(after.token("typography.labelLarge") == nil)
        #expect(latest.token("typography.labelLarge")?.value?["textStyle"] == .string("callout"))
        let oudsOld = try repository.spec(VersionedName(name: "OUDSButton", version: Semver(2, 0, 0))).spec
        let oudsNew = try repository.spec(VersionedName(name: "OUDSButton")).spec
        #expect(oudsOld.axes.first?.name == "hierarchy")
        #expect(oudsNew.axes.first?.name == "appearance")
        let dfOld = try repository.spec(VersionedName(name: "DFButton", version: Semver(0, 2, 0))).spec
        let dfNew = try repository.spec(VersionedName(name: "DFButton")).spec
        #expect(dfOld.initializers.first?.parameters.map(\.name) == ["label", "role", "action"])
        #expect(dfNew.initializers.first?.parameters.map(\.name) == ["label", "role", "style", "action"])
        #expect(dfNew.initializers.first?.parameters[2].required == false)
    }

    @Test func everySeedThemeRoundTripsThroughDTCG() throws {
        let directory = try TemporaryDirectory()
        let repository = try seededRepository(.memory, in: directory)
        for summary in try repository.themeSummaries() {
            let theme = try repository.theme(VersionedName(name: summary.name, version: summary.version))
            let exported = ThemeWriter.dtcg(theme).serialized(pretty: true)
            let again = try ThemeReader.read(Data(exported.utf8), file: "\(summary.name).json")
            #expect(again.name == theme.name && again.version == theme.version)
            #expect(again.dimensions == theme.dimensions, "\(summary.name)@\(summary.version)")
            #expect(again.tokens == theme.tokens, "\(summary.name)@\(summary.version)")
            let other = try Repository(path: ":memory:", mode: .createIfMissing)
            try other.write { transaction in
                _ = try other.publish(
                    theme: again, document: DocumentDigest(exported), sourceFile: "export.json", in: transaction)
            }
            #expect(try other.theme(VersionedName(name: theme.name)).tokens == theme.tokens)
        }
    }

    @Test func materializedValuesMatchTheResolver() throws {
        let directory = try TemporaryDirectory()
        let repository = try seededRepository(.disk, in: directory)
        let theme = try repository.theme(VersionedName(name: "Orange"))
        let resolver = TokenResolver(theme: theme)
        for (mode, context) in resolver.standardContexts {
            let stored = try repository.resolvedTokens(theme: theme.name, version: theme.version, context: mode)
            #expect(stored == resolver.resolveAll(in: context).values, "mode \(mode)")
        }
        let view = try repository.database.query(
            "SELECT value FROM resolved_token_values WHERE theme = 'Orange' AND mode = 'dark' AND path = 'button.colorBorderDefaultEnabled'"
        )
        #expect(
            view.first.flatMap { $0[0].string }.flatMap { try? JSONParser.parse($0, file: "v") }.flatMap(
                Color.init(dtcg:))?.hexRGBA == "#FFFFFFFF")
    }
}
