import CatalogModel
import Foundation
import SQLite
import TestSupport
import Testing

/// Input the catalog used to take without a word, or refuse with the wrong words (issue
/// 51): each is refused with its exit code and a message naming the file and place, and
/// the catalog is left as it was.
@Suite struct RefusedInputTests {
    typealias Folder = CatalogFolder

    @Test func outputToADeviceOrAFIFOIsRefusedNamingIt() throws {
        let folder = try Folder()
        let file = try folder.write("t.json", #"{"a":{"$type":"number","$value":1}}"#)
        #expect(try folder.run(["theme", "add", file, "--name", "T"]).status == 0)
        let fifo = folder.directory.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.directory.path("null"), withDestinationPath: "/dev/null")
        for (target, kind) in [(fifo, "a FIFO (named pipe)"), (folder.directory.path("null"), "a character device")] {
            let result = try folder.run(["theme", "export", "T", "-o", target])
            #expect(result.status == 1)
            #expect(result.stderr.contains("it is \(kind), not a regular file"), "\(result.stderr)")
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.directory.path("null")) == "/dev/null")
    }

    @Test func anEmptyModeNameIsRefused() throws {
        let folder = try Folder()
        let file = try folder.write(
            "m.json",
            #"{"$extensions":{"catalog.dimensions":{"D":["x",""]}},"a":{"$type":"number","$value":1,"$extensions":{"catalog.modes":{"":2}}}}"#
        )
        let result = try folder.run(["theme", "add", file, "--name", "M"])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                #"m.json:1:43: error: $["$extensions"]["catalog.dimensions"].D: dimension D lists an empty mode name"#),
            "\(result.stderr)")
        #expect(folder.revisions == .integer(0))
    }

    @Test func aDefaultModeValueOtherThanValueIsRefused() throws {
        let folder = try Folder()
        let file = try folder.write(
            "d.json",
            ##"{"$extensions":{"catalog.dimensions":{"S":["light","dark"]}},"t":{"$type":"color","$value":"#000000","$extensions":{"catalog.modes":{"light":"#ffffff","dark":"#111111"}}}}"##
        )
        let result = try folder.run(["theme", "add", file, "--name", "D", "--strict"])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "mode light is the default of dimension S, whose value is $value; this entry gives another (\"#ffffff\")"
            ), "\(result.stderr)")
        #expect(folder.revisions == .integer(0))
        // The same value twice is no conflict.
        let agreeing = try folder.write(
            "e.json",
            ##"{"$extensions":{"catalog.dimensions":{"S":["light","dark"]}},"t":{"$type":"color","$value":"#000000","$extensions":{"catalog.modes":{"light":"#000000","dark":"#111111"}}}}"##
        )
        #expect(try folder.run(["theme", "add", agreeing, "--name", "D", "--strict"]).status == 0)
    }

    @Test func aResolverThatIncludesAResolverIsRefused() throws {
        let folder = try Folder()
        _ = try folder.write("t.json", #"{"a":{"$type":"number","$value":1}}"#)
        let resolver = try folder.write(
            "r.resolver.json",
            ##"{"version":"2025.10","sets":{"base":{"sources":[{"$ref":"r.resolver.json"},{"$ref":"t.json"}]}},"resolutionOrder":[{"$ref":"#/sets/base"}]}"##
        )
        let result = try folder.run(["theme", "add", resolver, "--name", "R"])
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"$ref "r.resolver.json" is a resolver document"#), "\(result.stderr)")
    }

    @Test func aListOfNoPlatformsIsAUsageError() throws {
        let folder = try Folder()
        for list in ["", ",,,"] {
            let result = try folder.run(["usage", "scan", folder.directory.url.path, "--platforms", list])
            #expect(result.status == 64)
            #expect(result.stderr.contains("--platforms needs at least one platform"), "\(result.stderr)")
        }
    }

    @Test func aScanHelperOrTemporaryFolderThatIsNoneIsSaidPlainly() throws {
        let folder = try Folder()
        let source = try folder.write("A.swift", "import SwiftUI\nlet b = Button(\"x\") {}\n")
        let helper = try folder.run(["usage", "scan", source], environment: ["CATALOG_SCAN": "/tmp"])
        #expect(helper.status == 1)
        #expect(helper.stderr.contains("there is none at /tmp"), "\(helper.stderr)")
        #expect(!helper.stderr.contains("NSCocoaErrorDomain"))
        guard ScanHelper.isBuilt else { return }
        for temporary in ["/nonexistent", "/etc/hostname"] {
            let result = try folder.run(["usage", "scan", source], environment: ["TMPDIR": temporary])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        }
    }

    /// 25,000 repeats of one key: the earlier members are dropped in one pass (a removal
    /// at each repeat took 35 s), and the last value wins, said once per repeat.
    @Test func repeatedKeysCostLinearTime() throws {
        var text = "{"
        for index in 0..<25_000 { text += #""k":{"$type":"number","$value":\#(index)},"# }
        text += #""z":{"$type":"number","$value":0}}"#
        let started = Date()
        let (json, duplicates) = try JSONParser.parseKeepingLastDuplicate(Data(text.utf8), file: "r.json")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(duplicates.count == 24_999)
        #expect(json.object?.map(\.key) == ["k", "z"])
        #expect(json["k"]?["$value"] == .number(24_999))
    }

    @Test func longNamesGiveFilesOfShortenedNames() throws {
        let folder = try Folder()
        let long = String(repeating: "\u{E9}", count: 200)
        let file = try folder.write("l.json", ##"{"\##(long)":{"\##(long)":{"$type":"color","$value":"#000000"}}}"##)
        #expect(try folder.run(["theme", "add", file, "--name", long, "--version", "1.0.0"]).status == 0)
        let resolver = try folder.run([
            "theme", "export", long, "--format", "resolver", "-o", folder.directory.path("res"),
        ])
        #expect(resolver.status == 0, "\(resolver.stderr)")
        let swift = try folder.run([
            "export", "swift", "--theme", long, "--module", "LongTokens", "--output", folder.directory.path("sw"),
        ])
        #expect(swift.status == 0, "\(swift.stderr)")
        let noModule = try folder.run(["export", "swift", "--theme", long, "--output", folder.directory.path("sw2")])
        #expect(
            noModule.stderr.contains("it comes from the theme's name: give one with --module"), "\(noModule.stderr)")
        let names =
            FileManager.default.enumerator(atPath: folder.directory.url.path)?.compactMap { $0 as? String } ?? []
        #expect(names.allSatisfy { ($0 as NSString).lastPathComponent.utf8.count <= 255 })
        #expect(names.contains { $0.hasSuffix(".resolver.json") && $0.contains("-") })
    }

    @Test func bidiControlsInNamesAreVisibleInGeneratedComments() throws {
        let folder = try Folder()
        let name = "Evil\u{202E}emehT"
        let file = try folder.write(
            "b.json", ##"{"a":{"$type":"color","$value":"#000000","$description":"x\##u{202E}y"}}"##)
        #expect(try folder.run(["theme", "add", file, "--name", name, "--version", "1.0.0"]).status == 0)
        let result = try folder.run([
            "export", "swift", "--theme", name, "--module", "EvilTokens", "--output", folder.directory.path("sw"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let sources = folder.directory.path("sw/Sources/EvilTokens")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources) where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + name, encoding: .utf8)
            #expect(!text.unicodeScalars.contains("\u{202E}"), "\(name)")
        }
        let header = try String(contentsOfFile: sources + "/TokenTypes.swift", encoding: .utf8)
        #expect(header.hasPrefix("// Generated by catalog from theme Evil\\u{202E}emehT 1.0.0."))
    }
}
