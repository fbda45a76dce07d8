import CatalogModel
import Foundation
import TestSupport
import Testing

/// Style Dictionary sources with light and dark in mode files, as Gestalt keeps them:
/// Style Dictionary builds each mode's files apart, so what a token is must hold for
/// every mode's value, whichever mode is given first.
@Suite struct StyleDictionaryModeFileTests {
    /// An untyped token that is a shadow object in light and `"none"` in dark (Gestalt's
    /// `elevation.floating`, which its build writes as a CSS shadow and as `none`): kept
    /// verbatim in both modes, with dark given first as with light. Was: with dark first,
    /// the kind was read from `"none"` (text) and the light shadow flagged, "expected a string".
    @Test(arguments: [["light", "dark"], ["dark", "light"]])
    func anUntypedTokenWhoseModesDifferInKindIsKeptVerbatim(order: [String]) throws {
        let folder = try CatalogFolder()
        let base = try folder.write("base.json", #"{"space": {"value": "4px"}}"#)
        let files = [
            "light": try folder.write(
                "light.json", ##"{"elevation": {"floating": {"value": {"0": {"offsetY": 2, "color": "#000000"}}}}}"##),
            "dark": try folder.write("dark.json", #"{"elevation": {"floating": {"value": "none"}}}"#),
        ]
        let add = try folder.run(
            ["theme", "add", base, "--name", "T", "--version", "1.0.0"]
                + order.flatMap { ["--mode-file", "colorScheme:\($0)=\(files[$0]!)"] })
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("as Style Dictionary: 2 tokens; colorScheme: \(order[0]) (default), \(order[1])"))
        #expect(!add.stderr.contains("expected a string"), "\(add.stderr)")
        let light = try folder.run(["theme", "show", "T", "--resolved", "--mode", "light"])
        #expect(
            light.stdout.contains(##"elevation.floating  untyped    {"0":{"offsetY":2,"color":"#000000"}}"##),
            "\(light.stdout)")
        let dark = try folder.run(["theme", "show", "T", "--resolved", "--mode", "dark"])
        #expect(dark.stdout.contains("elevation.floating  untyped    none"), "\(dark.stdout)")
        #expect(try folder.run(["theme", "problems", "T"]).stdout.contains("0 unresolved tokens"))
    }
}
