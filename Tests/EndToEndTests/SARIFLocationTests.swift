import CatalogModel
import Foundation
import TestSupport
import Testing

/// A SARIF result's location is a relative URI reference that names the file: a first
/// folder with a colon is not a scheme, and a name that is not UTF-8 keeps its bytes.
@Suite struct SARIFLocationTests {
    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func urisNameTheFilesTheyCameFrom() throws {
        let directory = try TemporaryDirectory()
        #expect(try CatalogProcess.run(["seed"], directory: directory.url).status == 0)
        let source =
            "import SwiftUI\nimport DesignFoundation\n\nstruct Pay: View {\n    var body: some View { DFButton(\"Pay\") { } }\n}\n"
        let app = directory.url.appending(path: "App")
        try FileManager.default.createDirectory(at: app.appending(path: "c:dir"), withIntermediateDirectories: true)
        try Data(source.utf8).write(to: app.appending(path: "c:dir/Pay.swift"))
        // lat\xE9.swift: Latin-1, not UTF-8.
        var name = Array((app.path + "/lat").utf8) + [0xE9] + Array(".swift".utf8) + [0]
        let descriptor = name.withUnsafeMutableBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        _ = source.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
        let sarif = try CatalogProcess.run(
            ["lint", "App", "--platforms", "iOS 17", "--format", "sarif"], directory: directory.url)
        let log = try JSONParser.parse(sarif.stdout, file: "sarif")
        let uris = Set(
            (log["runs"]?.array?.first?["results"]?.array ?? []).compactMap {
                $0["locations"]?.array?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?.string
            })
        #expect(uris == ["App/c%3Adir/Pay.swift", "App/lat%E9.swift"], "\(sarif.stdout.prefix(2000))")
        // Each names its file: resolved against the folder, with the bytes it encodes.
        for uri in uris {
            let bytes = try #require(uri.percentDecodedBytes())
            var status = stat()
            let found = (directory.url.path.utf8 + [UInt8(ascii: "/")] + bytes + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &status) }
            }
            #expect(found == 0, "\(uri)")
        }
    }
}

extension String {
    /// The bytes a percent-encoded URI reference stands for (`%E9` the byte 0xE9).
    fileprivate func percentDecodedBytes() -> [UInt8]? {
        var out: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            else { return nil }
            out.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return out
    }
}
