import Foundation

extension Bench {
    /// `catalog mcp`: one session of 1,000 calls mixing the read tools, answered one at a
    /// time, against the ping round trip of the same session (the protocol's own cost);
    /// median and p99 per tool, and the server's peak resident memory. `lint_swift`, which
    /// runs the scanner's helper, is timed apart on a small source.
    func mcpSession(on database: String, label: String, bigTheme: String?) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: options.catalog)
        server.arguments = ["--db", database, "-q", "mcp"]
        let input = Pipe()
        let output = Pipe()
        server.standardInput = input
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        do { try server.run() } catch { Measure.fail("cannot start catalog mcp: \(error)") }
        var buffer = Data()
        var id = 0
        /// Sends one request and waits for its reply; the seconds it took.
        func ask(_ method: String, _ params: String) -> Double {
            id += 1
            let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n"
            let start = DispatchTime.now().uptimeNanoseconds
            input.fileHandleForWriting.write(Data(line.utf8))
            while !buffer.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { Measure.fail("catalog mcp ended during the session") }
                buffer.append(chunk)
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let end = buffer.firstIndex(of: 0x0A)!
            let reply = String(decoding: buffer[..<end], as: UTF8.self)
            buffer = Data(buffer[(end + 1)...])
            let refused = reply.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"error""#)
            if refused || reply.contains(#""isError":true"#) {
                Measure.fail("catalog mcp refused \(method) \(params): \(reply.prefix(300))")
            }
            return elapsed
        }
        func call(_ tool: String, _ arguments: String) -> Double {
            ask("tools/call", #"{"name":"\#(tool)","arguments":\#(arguments)}"#)
        }
        _ = ask(
            "initialize",
            #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}"#)
        // The mix: questions about the seeded systems, and on a large catalog a token of its
        // large theme. What scans a whole large theme (search over every theme, find_token in
        // it) and lint_swift (which runs the scanner's helper) are timed apart, fewer times.
        var calls: [(tool: String, arguments: String)] = [
            ("get_component", #"{"name":"DFButton"}"#),
            ("get_style", #"{"name":"DFButton.filled","state":"pressed","role":"destructive"}"#),
            ("recommend", #"{"intent":"delete account","theme":"DesignFoundation","platforms":["iOS 17"]}"#),
            ("get_token", #"{"path":"colors.destructive","theme":"DesignFoundation"}"#),
            ("find_token", ##"{"value":"#0066CC","theme":"DesignFoundation","limit":5}"##),
            ("usage", #"{"name":"DFButton.filled"}"#),
            ("changes", #"{"from":"DesignFoundation@1.0.3","to":"DesignFoundation@1.1.2"}"#),
        ]
        let source =
            #"import SwiftUI\nstruct V: View { var body: some View { Button(\"Go\") {}.buttonStyle(.glass) } }\n"#
        var apart: [(key: String, tool: String, arguments: String, count: Int)] = [
            ("lint_swift", "lint_swift", #"{"source":"\#(source)"}"#, 20)
        ]
        if let bigTheme {
            calls.append(("get_token", #"{"path":"group7.token7001","theme":"\#(bigTheme)"}"#))
            apart += [
                ("search (every theme)", "search", #"{"query":"accent","limit":10}"#, 10),
                (
                    "find_token (big theme)", "find_token", ##"{"value":"#0066CC","theme":"\##(bigTheme)","limit":5}"##,
                    10
                ),
            ]
        } else {
            calls.append(("search", #"{"query":"accent","limit":10}"#))
        }
        var samples: [String: [Double]] = [:]
        for index in 0..<1_000 {
            let (tool, arguments) = calls[index % calls.count]
            let key = arguments.contains(bigTheme.map { "\"\($0)\"" } ?? "\u{0}") ? "\(tool) (big theme)" : tool
            samples[key, default: []].append(call(tool, arguments))
            samples["ping", default: []].append(ask("ping", "{}"))
        }
        for (key, tool, arguments, count) in apart {
            for _ in 0..<count { samples[key, default: []].append(call(tool, arguments)) }
        }
        let status = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)) ?? ""
        let peak =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") }.map { $0 / 1024 } ?? 0
        try? input.fileHandleForWriting.close()
        server.waitUntilExit()
        func quantile(_ values: [Double], _ q: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
        }
        let ping = quantile(samples["ping"] ?? [0], 0.5)
        for key in samples.keys.sorted() where key != "ping" {
            let values = samples[key]!
            for (name, q) in [("median", 0.5), ("p99", 0.99)] {
                record(
                    "mcp \(key) (\(name), \(values.count) calls)", label,
                    ProcessRun(seconds: quantile(values, q), peakMegabytes: peak, status: 0),
                    baseline: "ping round trip (median)", ping)
            }
        }
    }
}
