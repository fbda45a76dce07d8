import CatalogModel
import Foundation

/// Where the CLI writes: data to standard output, diagnostics to standard error.
///
/// The only place that prints. Diagnostics are `error:` / `warning:` lines, coloured
/// only when standard error is a terminal and `NO_COLOR` is not set. Tests build a
/// console over in-memory buffers to read what a command printed.
package final class Console {
    /// A destination for text.
    package protocol Sink: AnyObject {
        /// Appends `text`.
        func write(_ text: String)
        /// Writes out anything buffered.
        func flush()
    }

    /// Collects text in memory (tests).
    package final class Buffer: Sink {
        /// Everything written so far.
        package private(set) var text = ""
        /// An empty buffer.
        package init() {}
        package func write(_ text: String) { self.text += text }
        package func flush() {}
    }

    /// Writes to a file descriptor through a 64 KiB buffer.
    package final class FileSink: Sink {
        private let descriptor: Int32
        private var pending: [UInt8] = []
        /// The first write that failed (`errno`), other than to a reader that went away
        /// (`catalog … | head`), whose end of the output is its own choice.
        package private(set) var failure: Int32?

        /// A sink for `descriptor` (1 for stdout, 2 for stderr).
        package init(descriptor: Int32) {
            self.descriptor = descriptor
            pending.reserveCapacity(1 << 16)
        }

        deinit { flush() }

        package func write(_ text: String) {
            pending.append(contentsOf: text.utf8)
            if pending.count >= 1 << 16 { flush() }
        }

        package func flush() {
            var offset = 0
            while offset < pending.count {
                let written = pending[offset...].withUnsafeBytes {
                    Foundation.write(descriptor, $0.baseAddress, $0.count)
                }
                if written <= 0 {
                    let code = written < 0 ? errno : EIO
                    if code == EINTR { continue }
                    if code != EPIPE && failure == nil { failure = code }
                    break  // nothing more can be written
                }
                offset += written
            }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Standard output.
    package let output: Sink
    /// Standard error.
    package let errors: Sink
    /// Whether diagnostics are coloured.
    package let colorsDiagnostics: Bool
    /// Whether standard error is a terminal (progress is shown only then).
    package let errorsIsTerminal: Bool

    /// A console over the given sinks.
    package init(output: Sink, errors: Sink, colorsDiagnostics: Bool = false, errorsIsTerminal: Bool = false) {
        self.output = output
        self.errors = errors
        self.colorsDiagnostics = colorsDiagnostics
        self.errorsIsTerminal = errorsIsTerminal
    }

    /// The process's standard output and error, colouring when stderr is a terminal
    /// and neither `NO_COLOR` is set nor `TERM` is `dumb`.
    package static func standard(environment: [String: String]) -> Console {
        let terminal = isatty(2) == 1
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return Console(
            output: FileSink(descriptor: 1), errors: FileSink(descriptor: 2),
            colorsDiagnostics: terminal && !noColor, errorsIsTerminal: terminal)
    }

    /// Prints a line of data to standard output, control characters escaped.
    package func print(_ line: String = "") {
        output.write(Self.inert(line) + "\n")
    }

    /// Writes text to standard output, control characters other than line breaks and
    /// tabs escaped: names, messages and authors come from users and files, and must not
    /// drive the terminal (set its title, clear the screen).
    package func write(_ text: String) {
        output.write(Self.inert(text))
    }

    /// The severity of a diagnostic line.
    package enum Severity: String {
        case error, warning
        var color: String {
            switch self {
            case .error: return "\u{1B}[1;31m"
            case .warning: return "\u{1B}[1;33m"
            }
        }
    }

    /// Prints `severity: message` on standard error; `location` (`file:line:column`)
    /// comes first when given, as compilers print it.
    package func diagnose(_ severity: Severity, _ message: String, location: String? = nil) {
        let label = colorsDiagnostics ? "\(severity.color)\(severity.rawValue):\u{1B}[0m" : "\(severity.rawValue):"
        let prefix = location.map { "\(Self.inert(Self.shortened($0))): " } ?? ""
        errors.write("\(prefix)\(label) \(Self.inert(Self.shortened(message)))\n")
    }

    /// A word longer than this in a message (a 100 KB argument echoed back) is cut.
    static let longestWord = 1_000

    /// `text` with each run of non-space characters longer than ``longestWord`` cut to its
    /// first 100, saying how long it was.
    static func shortened(_ text: String) -> String {
        guard text.utf8.count > longestWord else { return text }
        var out = ""
        for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { out += " " }
            out += word.count > longestWord ? "\(word.prefix(100))… (\(word.count) characters)" : String(word)
        }
        return out
    }

    /// `text` with control characters other than line breaks and tabs shown escaped.
    static func inert(_ text: String) -> String {
        // Control characters are bytes below 0x20, 0x7F, and C2 80–9F: most text has none.
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 })
        else { return text }
        return NameRules.escapingControlCharacters(text, keeping: ["\n", "\t"])
    }

    /// Writes text to standard error, control characters escaped (usage errors, notes).
    package func writeError(_ text: String) {
        errors.write(Self.inert(Self.shortened(text)))
    }

    /// Redraws the progress line on standard error (`\r`, the text, clear to the end of
    /// the line), or clears it for `nil`; written at once, as progress must be seen now.
    func redraw(_ line: String?) {
        errors.write("\r" + (line ?? "") + "\u{1B}[K")
        errors.flush()
    }

    /// Flushes both streams; called once before the process exits.
    package func flush() {
        output.flush()
        errors.flush()
    }

    /// Why writing standard output failed (the disk is full), when it did.
    package var outputFailure: Int32? { (output as? FileSink)?.failure }
}
