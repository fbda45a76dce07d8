import Foundation

/// Progress of long work on standard error, redrawn in place on one line:
/// `publishing Big 1.0.0  writing values  [##########··········]  2/4`.
///
/// Shown only when standard error is a terminal and `--quiet` is not given; redrawn at
/// most ten times a second; safe to update from several threads (the usage scanner's).
/// ``finish()`` clears the line, so what the command prints afterwards starts clean.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drawn = false

    /// A progress line for `label`; draws nothing unless `enabled`.
    init(_ label: String, console: Console, enabled: Bool) {
        self.console = console
        self.label = Console.inert(label)
        self.enabled = enabled
    }

    /// The line for `done` of `total` with `step` (what is being done now).
    static func render(label: String, step: String?, done: Int, total: Int, bytes: Bool = false, width: Int = 20)
        -> String
    {
        let fraction = total > 0 ? min(max(Double(done) / Double(total), 0), 1) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
        let counts =
            bytes
            ? "\(Self.megabytes(done))/\(Self.megabytes(total)) MB"
            : "\(Formatting.count(done))/\(Formatting.count(total))"
        return [label, step.map(Console.inert), "[\(bar)]", counts].compactMap { $0 }.joined(separator: "  ")
    }

    /// A byte count in megabytes, one decimal (`25.6`).
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }

    /// Shows `done` of `total` (bytes, in MB, where `bytes`), with what is being done now;
    /// `step` is worked out only when the line is drawn (a reader reports every token).
    func update(_ done: Int, of total: Int, step: @autoclosure () -> String? = nil, bytes: Bool = false) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done >= total || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        drawn = true
        console.redraw(Self.render(label: label, step: step(), done: done, total: total, bytes: bytes))
    }

    /// Clears the line.
    func finish() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if drawn { console.redraw(nil) }
        drawn = false
    }
}
