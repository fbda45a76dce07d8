import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

/// The parsing baseline for `usage scan`: the toolchain's SwiftParser alone, parsing
/// the candidate files on every core, with no analysis and no database.
enum ParserBaseline {
    static func parse(_ paths: [String]) -> Int {
        let lock = NSLock()
        nonisolated(unsafe) var statements = 0
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            guard let source = try? String(contentsOfFile: paths[index], encoding: .utf8) else { return }
            let tree = Parser.parse(source: source)
            lock.lock()
            statements += tree.statements.count
            lock.unlock()
        }
        return statements
    }
}
