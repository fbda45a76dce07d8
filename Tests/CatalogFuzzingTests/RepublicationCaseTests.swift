import CatalogModel
import Foundation
import Testing

@testable import CatalogFuzzing

/// The cases where a republication by difference once published other rows
/// than a whole read: each sequence of versions goes into two catalogs, by difference and
/// whole, which must end equal (rows, kept state, manifest, messages), and each says
/// what a whole read says.
@Suite struct RepublicationCaseTests {
    typealias Version = (documents: [String], version: Semver)

    static func compare(_ versions: [Version]) -> (said: [String], byDifference: Int) {
        let result = DifferentialPublication.compare(versions: versions)
        #expect(result.difference == nil, "\(result.difference ?? "")")
        return (result.said, result.byDifference)
    }

    @Test func aTokenThatHidesAnotherFilesGroupIsReadWhole() {
        let first = ##"{"a":{"c":{"$value":"#ffffff","$type":"color"}}}"##
        let result = Self.compare([
            ([first, ##"{"b":{"$value":"#000000","$type":"color"}}"##], Semver(1, 0, 0)),
            (
                [first, ##"{"b":{"$value":"#000000","$type":"color"},"a":{"$value":"#111111","$type":"color"}}"##],
                Semver(1, 1, 0)
            ),
        ])
        // The whole read hides a.c and demands a major version: so does the republication.
        #expect(result.said[1].contains("must be at least 2.0.0"))
        #expect(result.said[1].contains("token a.c deleted"))
        #expect(result.byDifference == 0)
    }

    @Test func anUntypedAliasTakesItsTargetsNewType() {
        let result = Self.compare([
            ([##"{"a":{"$type":"color","$value":"#ff0000"},"b":{"$value":"{a}"}}"##], Semver(1, 0, 0)),
            (
                [##"{"a":{"$type":"dimension","$value":{"value":4,"unit":"px"}},"b":{"$value":"{a}"}}"##],
                Semver(2, 0, 0)
            ),
        ])
        #expect(result.byDifference == 1)
        #expect(result.said[1].hasPrefix("published"))
    }

    @Test func aStableIDSharedWithATokenNotReadAgainIsRefusedAsWhole() {
        let result = Self.compare([
            (
                [
                    ##"{"a":{"$type":"color","$value":"#ff0000","$extensions":{"catalog.id":"x"}},"b":{"$type":"color","$value":"#000000"}}"##
                ], Semver(1, 0, 0)
            ),
            (
                [
                    ##"{"a":{"$type":"color","$value":"#ff0000","$extensions":{"catalog.id":"x"}},"b":{"$type":"color","$value":"#000001","$extensions":{"catalog.id":"x"}}}"##
                ], Semver(1, 0, 1)
            ),
            (
                [
                    ##"{"a":{"$type":"color","$value":"#ff0000","$extensions":{"catalog.id":"x"}},"b":{"$type":"color","$value":"#000001","$extensions":{"catalog.id":"x"}}}"##
                ], Semver(2, 0, 0)
            ),
        ])
        // Flagged as a whole read flags it (b is kept without a value), so a major version.
        #expect(result.said[1].contains("must be at least 2.0.0"))
        #expect(result.said[2].contains(##"share the stable id \"x\""##))
    }

    @Test func twoSpellingsOfOneNameAreOneName() {
        let composed = "\u{F1}"
        let decomposed = "n\u{303}"
        let result = Self.compare([
            (
                [##"{"\##(composed)":{"$type":"number","$value":1},"b":{"$type":"number","$value":2}}"##],
                Semver(1, 0, 0)
            ),
            (
                [##"{"\##(decomposed)":{"$type":"number","$value":1},"b":{"$type":"number","$value":2}}"##],
                Semver(1, 0, 1)
            ),
            (
                [##"{"\##(composed)":{"$type":"number","$value":3},"\##(decomposed)":{"$type":"number","$value":4}}"##],
                Semver(2, 0, 0)
            ),
        ])
        // The decomposed name is read as the composed one, with a warning: the same theme.
        #expect(result.said[1].contains("is not in Unicode Normalization Form C"))
        #expect(result.said[1].contains("2 tokens"))
        // Both spellings in one object are one key given twice: the later wins, said.
        #expect(result.said[2].contains("is repeated"))
        #expect(result.said[2].contains("1 tokens"))
    }

    @Test func anAliasSpelledInAnotherFormIsTheSameReference() {
        let result = Self.compare([
            (
                [
                    ##"{"c":{"$type":"number","$value":0.5},"\##u{F1}":{"$type":"number","$value":3},"a":{"$value":"{n\##u{303}}"}}"##
                ], Semver(1, 0, 0)
            ),
            (
                [
                    ##"{"c":{"$type":"number","$value":0.5},"\##u{F1}":{"$type":"number","$value":2.5},"a":{"$value":"{n\##u{303}}"}}"##
                ], Semver(1, 0, 1)
            ),
        ])
        #expect(result.byDifference == 1)
    }

    @Test func theFormatIsTheFilesOwn() {
        let result = Self.compare([
            (
                [##"{"b":{"c":{"$type":"dimension","$value":"4px"}, "d":{"$type":"number","$value":1}}}"##],
                Semver(1, 0, 0)
            ),
            (
                [##"{"b":{"c":{"$type":"dimension","$value":"4px"}, "d":{"$type":"number","$value":2}}}"##],
                Semver(1, 0, 1)
            ),
        ])
        #expect(result.byDifference == 1)
        #expect(result.said[1].contains("DTCG (draft string values)"))
    }

    /// Inputs the differential target failed on, kept under `Regressions/republication/`,
    /// run by ``FuzzRegressionTests``; this one replays the first found, by hand.
    @Test func aRowEqualAsAStringButNotAsBytesIsWritten() {
        let result = Self.compare([
            ([##"{"x":{"\##u{F1}":{"$type":"number","$value":2.5}},"a":{"$value":"{x.\##u{F1}}"}}"##], Semver(1, 0, 0)),
            (
                [##"{"x":{"\##u{F1}":{"$type":"number","$value":2.5}},"a":{"$value":"{x.n\##u{303}}"}}"##],
                Semver(1, 0, 1)
            ),
            (
                [##"{"x":{"\##u{F1}":{"$type":"number","$value":4.5}},"a":{"$value":"{x.n\##u{303}}"}}"##],
                Semver(1, 0, 2)
            ),
        ])
        #expect(result.said.allSatisfy { $0.hasPrefix("published") })
    }
}
