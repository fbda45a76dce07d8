import CatalogChanges
import CatalogModel
import Foundation
import TestSupport
import Testing

@Suite struct VersionPolicyTests {
    @Test(arguments: [
        (ChangeLevel.breaking, "1.4.2", "2.0.0"), (.additive, "1.4.2", "1.5.0"), (.cosmetic, "1.4.2", "1.4.3"),
        (.breaking, "0.2.0", "0.3.0"), (.additive, "0.2.0", "0.2.1"), (.cosmetic, "0.2.0", "0.2.1"),
    ])
    func minimumVersions(level: ChangeLevel, previous: String, expected: String) {
        #expect(level.minimumVersion(after: Semver(previous)!) == Semver(expected)!)
        #expect(level.allows(Semver(expected)!, after: Semver(previous)!))
    }

    @Test func smallerVersionsAreRefusedWithReasons() {
        let check = VersionCheck(
            kind: .theme, name: "T", previous: Semver(1, 1, 2), version: Semver(1, 1, 3),
            changes: [
                ClassifiedChange(.additive, "token b added", path: "b", new: .string("#fff")),
                ClassifiedChange(.breaking, "token a deleted", path: "a", old: .string("#000")),
            ])
        #expect(check.level == .breaking && !check.isSatisfied && check.suggestedVersion == Semver(2, 0, 0))
        #expect(
            VersionError(check: check).description
                == "theme T 1.1.3 is too small a step after 1.1.2: the changes are breaking, so the version must be at least 2.0.0:\n  - token a deleted\n  (a team's release as it was tagged: theme add --keep-version publishes it as given and records why)"
        )
    }

    @Test func specChangesAreClassifiedAsDesignSays() throws {
        let base = try SpecReader.read(
            Data(
                ##"""
                { "name": "B", "version": "1.0.0", "system": "S", "platforms": { "iOS": "17.0" },
                  "initializers": [ { "signature": "init(_:action:)", "parameters": [ { "name": "title", "label": "_", "type": "String" }, { "name": "action", "type": "() -> Void" } ] } ],
                  "axes": [ { "name": "style", "default": "a", "options": [ { "name": "a" }, { "name": "b" } ] } ],
                  "roles": [ { "name": "destructive", "visualEffect": "red" } ] }
                """##.utf8), file: "a.json")
        var changed = base.spec
        changed.platforms["iOS"] = "18.0"
        changed.initializers[0].parameters.insert(
            Parameter(name: "role", label: nil, type: "Role?", defaultValue: "nil", required: false, description: nil),
            at: 1)
        changed.axes[0].options.removeLast()
        changed.axes[0].options.append(VariantOption(name: "c", description: nil, style: nil, availability: [:]))
        changed.roles = []
        let changes = DocumentDiff.spec(
            from: base.spec, to: changed, oldDocument: base.document, newDocument: base.document)
        #expect(
            changes.map(\.description) == [
                "breaking: iOS minimum raised from 17.0 to 18.0", "breaking: role destructive removed",
                "breaking: style option b removed",
                "additive: optional parameter role added to init(_:action:)", "additive: style option c added",
            ])
    }
}
