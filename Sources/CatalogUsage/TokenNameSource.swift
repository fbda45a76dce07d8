import Foundation

/// The names code writes for the catalog's tokens through their generated packages, by
/// module (`DesignFoundationTokens` → `DesignFoundation.Colors.primary`, `Color.dfPrimary`,
/// `.dfPrimary`, …). The modules are known at once (a theme's name gives its module); a
/// module's names are worked out the first time a file importing it is read, once for
/// all the scanning threads, so a project that uses no generated package pays nothing.
public final class TokenNameSource: @unchecked Sendable {
    /// The generated modules, as a file imports them.
    public let modules: [String]
    /// The `import Module` needles, in the order of ``modules``.
    let needles: [[UInt8]]
    private let load: @Sendable (String) throws -> Set<String>
    private let lock = NSLock()
    private var loaded: [String: Result<Set<String>, any Error>] = [:]

    /// Names for `modules`, each module's spellings given by `load` when first needed.
    public init(modules: [String], load: @escaping @Sendable (String) throws -> Set<String>) {
        self.modules = modules
        needles = modules.map { Array("import \($0)".utf8) }
        self.load = load
    }

    /// No generated package known: nothing is looked for.
    public static let none = TokenNameSource(modules: []) { _ in [] }

    /// The modules among ``modules`` whose import `contains` finds in a file.
    public func imported(where contains: ([UInt8]) -> Bool) -> [String] {
        zip(modules, needles).filter { contains($0.1) }.map(\.0)
    }

    /// The spellings `module`'s tokens are written with; throws what reading them threw
    /// (every time it is asked).
    public func spellings(module: String) throws -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[module] { return try known.get() }
        let names = Result { try load(module) }
        loaded[module] = names
        return try names.get()
    }
}
