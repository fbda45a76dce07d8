import CatalogModel
import Foundation
import TestSupport
import Testing

/// Figma variables folders as teams export them: only multi-mode collections (no plain
/// file at all), a mode's name written in two Unicode forms, and one collection exported
/// from two Figma files into two subfolders. Each mode is one mode, its files merged.
@Suite struct FigmaFolderTests {
    static func token(_ hex: String) -> String {
        ##"{"c":{"$type":"color","$value":"\##(hex)","$extensions":{"com.figma":{"hiddenFromPublishing":false}}}}"##
    }

    @Test func multiModeCollectionsAloneReadAsModes() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("figma")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.token("#ff0000").write(toFile: folder + "/Colors.Light.json", atomically: true, encoding: .utf8)
        try Self.token("#000000").write(toFile: folder + "/Colors.Dark.json", atomically: true, encoding: .utf8)
        let db = directory.path("catalog.db")
        let add = try CatalogProcess.run(["--db", db, "theme", "add", folder, "--name", "Fig", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("Read 2 files as Figma variables: 1 token; Colors: Dark (default), Light."))
        let light = try CatalogProcess.run(["--db", db, "theme", "show", "Fig", "--mode", "Colors=Light", "--resolved"])
        #expect(light.stdout.contains("c  color  #FF0000FF"), "\(light.stdout)")
        let dark = try CatalogProcess.run(["--db", db, "theme", "show", "Fig", "--resolved"])
        #expect(dark.stdout.contains("c  color  #000000FF"), "\(dark.stdout)")
    }

    @Test func oneModeInTwoSpellingsOrTwoFoldersIsOneMode() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("figma")
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        // Été composed (NFC) and decomposed (NFD): one mode.
        try Self.token("#ff0000").write(
            toFile: folder + "/a/Season.\u{C9}t\u{E9}.json", atomically: true, encoding: .utf8)
        try ##"{"d":{"$type":"color","$value":"#ff0000","$extensions":{"com.figma":{}}}}"##.write(
            toFile: folder + "/a/Season.E\u{301}te\u{301}.json", atomically: true, encoding: .utf8)
        try Self.token("#0000ff").write(toFile: folder + "/a/Season.Hiver.json", atomically: true, encoding: .utf8)
        // One collection's mode in two exported files.
        try ##"{"e":{"$type":"color","$value":"#111111","$extensions":{"com.figma":{}}}}"##.write(
            toFile: folder + "/a/Theme.One.json", atomically: true, encoding: .utf8)
        try ##"{"f":{"$type":"color","$value":"#222222","$extensions":{"com.figma":{}}}}"##.write(
            toFile: folder + "/b/Theme.One.json", atomically: true, encoding: .utf8)
        try
            ##"{"e":{"$type":"color","$value":"#333333","$extensions":{"com.figma":{}}},"f":{"$type":"color","$value":"#444444","$extensions":{"com.figma":{}}}}"##
            .write(toFile: folder + "/b/Theme.Two.json", atomically: true, encoding: .utf8)
        let db = directory.path("catalog.db")
        let add = try CatalogProcess.run(["--db", db, "theme", "add", folder, "--name", "Fig", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdout.contains(
                "Read 6 files as Figma variables: 4 tokens; Season: Hiver (default), \u{C9}t\u{E9}; Theme: One (default), Two."
            ),
            "\(add.stdout)")
        let list = try CatalogProcess.run(["--db", db, "theme", "list", "--json"])
        let fig = try JSONParser.parse(list.stdout, file: "list").array?.first { $0["name"]?.string == "Fig" }
        let modes = (fig?["dimensions"]?.array ?? []).flatMap { $0["modes"]?.array ?? [] }.compactMap(\.string)
        #expect(modes.count == 4 && modes.allSatisfy(NameForm.isNormalized), "\(modes)")
        // Both files of Été give it values; the decomposed --mode names it too.
        let summer = try CatalogProcess.run([
            "--db", db, "theme", "show", "Fig", "--mode", "Season=E\u{301}te\u{301}", "--mode", "Theme=One",
            "--resolved",
        ])
        #expect(summer.status == 0, "\(summer.stderr)")
        for line in ["c  color  #FF0000FF", "d  color  #FF0000FF", "e  color  #111111FF", "f  color  #222222FF"] {
            #expect(summer.stdout.contains(line), "\(line): \(summer.stdout)")
        }
    }

    @Test func oneTokenTwiceInOneModeWithAnotherValueIsSaid() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("figma")
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        try Self.token("#ff0000").write(toFile: folder + "/a/Colors.Light.json", atomically: true, encoding: .utf8)
        try Self.token("#000000").write(toFile: folder + "/a/Colors.Dark.json", atomically: true, encoding: .utf8)
        // The same collection and mode exported again, `c` changed: the later file wins, said.
        try Self.token("#00ff00").write(toFile: folder + "/b/Colors.Light.json", atomically: true, encoding: .utf8)
        // The same value again is no conflict.
        try Self.token("#000000").write(toFile: folder + "/b/Colors.Dark.json", atomically: true, encoding: .utf8)
        let db = directory.path("catalog.db")
        let add = try CatalogProcess.run(["--db", db, "theme", "add", folder, "--name", "Fig", "--version", "1.0.0"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stderr.contains(
                "figma/b/Colors.Light.json:1:6: warning: token c is defined twice for mode Light of Colors, with another value at "
            ), "\(add.stderr)")
        #expect(!add.stderr.contains("mode Dark of Colors"), "\(add.stderr)")
        let light = try CatalogProcess.run(["--db", db, "theme", "show", "Fig", "--mode", "Colors=Light", "--resolved"])
        #expect(light.stdout.contains("c  color  #00FF00FF"), "\(light.stdout)")
    }
}
