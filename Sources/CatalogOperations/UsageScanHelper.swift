import CatalogModel
import CatalogStore
import Foundation

/// One line of what `catalog-scan` writes for `catalog usage scan` (JSON, one message a
/// line): progress as files are parsed, folders it could not read, each file's result, or
/// why it could not scan (a path outside the project, a path that does not exist).
public enum ScanMessage: Codable, Sendable {
    case progress(done: Int, total: Int)
    case unreadable(path: String, reason: String)
    case file(ScannedFile)
    case failure(message: String)
}

/// `catalog-scan`, the helper executable that parses Swift for `catalog usage scan`. It is
/// the only program that links the toolchain's SwiftParser, so that `catalog` starts
/// without loading it for every other command.
public struct UsageScanHelper {
    /// The helper's file name.
    public static let name = "catalog-scan"
    /// Where it is.
    public let path: String

    /// The helper named by `$CATALOG_SCAN`, else the one beside the running executable.
    /// Throws, saying how to get it, when there is none.
    public static func locate(environment: [String: String]) throws -> UsageScanHelper {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let beside = executable.deletingLastPathComponent().appendingPathComponent(name).path
        let path = environment["CATALOG_SCAN"].flatMap { $0.isEmpty ? nil : $0 } ?? beside
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw RequestError(
                "usage scan needs \(name), which parses Swift with the toolchain's SwiftParser, and there is none at "
                    + "\(path); build it beside catalog (swift build --product \(name), with -c release for a "
                    + "release build) or name it with CATALOG_SCAN")
        }
        return UsageScanHelper(path: path)
    }

    /// Runs the helper with `arguments` and hands each message it writes to `receive`, as
    /// they come. Throws with what the helper said when it fails.
    public func run(arguments: [String], receive: (ScanMessage) throws -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
            "catalog-scan-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let decoder = JSONDecoder()
        var pending = Data()
        var failure: Error?
        let reader = output.fileHandleForReading
        while case let chunk = reader.availableData, !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                guard failure == nil else { continue }
                do {
                    let message = try decoder.decode(ScanMessage.self, from: line)
                    if case .failure(let text) = message { throw RequestError(text) }
                    try receive(message)
                } catch {
                    failure = error
                }
            }
        }
        process.waitUntilExit()
        if let failure { throw failure }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let said = (try? String(contentsOf: errors, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            throw RequestError(
                "\(Self.name) failed (\(process.terminationReason == .exit ? "exit \(process.terminationStatus)" : "signal \(process.terminationStatus)"))"
                    + (said.map { $0.isEmpty ? "" : ": \($0)" } ?? ""))
        }
    }
}
