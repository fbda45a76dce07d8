import Foundation
import TestSupport
import Testing

/// A file a scan saw that is no longer a file a scan reads — a FIFO, a folder, a socket or
/// a link where it was — is gone: a rescan drops its call sites and lint stops reporting
/// it. A path named on its own must be a regular file.
@Suite struct GoneSourceTests {
    static let pay = """
        import SwiftUI
        import DesignFoundation

        struct Pay: View {
            var body: some View { DFButton("Pay") { } }
        }

        """

    @Test(.enabled(if: ScanHelper.shouldRun, Comment(rawValue: ScanHelper.missing)))
    func aFileReplacedByWhatIsNotAFileLosesItsSites() throws {
        let directory = try TemporaryDirectory()
        #expect(try CatalogProcess.run(["seed"], directory: directory.url).status == 0)
        let app = directory.url.appending(path: "App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(Self.pay.utf8).write(to: app.appending(path: "Kept.swift"))
        let replaced = app.appending(path: "Replaced.swift")
        let replacements: [(String, () throws -> Void)] = [
            ("a FIFO", { #expect(mkfifo(replaced.path, 0o600) == 0) }),
            ("a folder", { try FileManager.default.createDirectory(at: replaced, withIntermediateDirectories: true) }),
            (
                "a link",
                { try FileManager.default.createSymbolicLink(atPath: replaced.path, withDestinationPath: "Kept.swift") }
            ),
            (
                "a socket",
                {
                    let socketFile = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                    var address = sockaddr_un()
                    address.sun_family = sa_family_t(AF_UNIX)
                    withUnsafeMutableBytes(of: &address.sun_path) { raw in
                        for (index, byte) in replaced.path.utf8.enumerated() { raw[index] = byte }
                    }
                    let bound = withUnsafePointer(to: &address) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            bind(socketFile, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                        }
                    }
                    #expect(bound == 0)
                    close(socketFile)
                }
            ),
        ]
        for (what, replace) in replacements {
            try? FileManager.default.removeItem(at: replaced)
            try Data(Self.pay.utf8).write(to: replaced)
            let first = try CatalogProcess.run(["usage", "scan", "App"], directory: directory.url)
            #expect(first.stdout.contains("2 call sites recorded"), "\(what): \(first.stdout)")
            try FileManager.default.removeItem(at: replaced)
            try replace()
            let rescan = try CatalogProcess.run(["usage", "scan", "App"], directory: directory.url, timeout: 60)
            #expect(!rescan.timedOut)
            #expect(rescan.status == 0, "\(what): \(rescan.stderr)")
            #expect(rescan.stdout.hasPrefix("Scanned 1 file"), "\(what): \(rescan.stdout)")
            #expect(rescan.stdout.contains("1 call site recorded"), "\(what): \(rescan.stdout)")
            let lint = try CatalogProcess.run(["lint", "--platforms", "iOS 17"], directory: directory.url)
            #expect(!lint.stdout.contains("Replaced.swift"), "\(what): \(lint.stdout)")
            #expect(lint.stdout.contains("App/Kept.swift:5:27"), "\(what): \(lint.stdout)")
        }
        // Named on its own, a FIFO is refused at once rather than read.
        try? FileManager.default.removeItem(at: replaced)
        #expect(mkfifo(replaced.path, 0o600) == 0)
        let named = try CatalogProcess.run(
            ["usage", "scan", "App/Replaced.swift"], directory: directory.url, timeout: 60)
        #expect(!named.timedOut)
        #expect(named.status == 65)
        #expect(named.stderr.contains("App/Replaced.swift: error: is not a regular file"), "\(named.stderr)")
    }
}
