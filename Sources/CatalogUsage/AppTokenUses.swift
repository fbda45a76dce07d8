import CatalogModel

/// The app's own tokens as its code uses them: each app spelling the scanner recorded
/// (``TokenReference`` of kind `asset` or `member`) followed through the app's
/// definitions (``AppTokenDefinition``) to the token it names, `asset:Latte` for an asset
/// catalog color, else the member that holds its own value (`Color.critical`,
/// `ThemeStyle.primaryUi01`). A spelling is a token only where that is known:
///
/// - an asset name always is;
/// - a member with a definition is (a `private` one only in its file), and so is one
///   that a definition aliases though its own declaration was not scanned
///   (`Self.primaryUi01` in an extension of `ThemeStyle` makes `ThemeStyle.primaryUi01`
///   known), with every member of a type so known (`ThemeStyle = .primaryUi02`);
/// - a color type's member that the platform does not have (`UIColor.cellBackgroundColor`)
///   is the app's, defined where the scan did not reach;
/// - a member of a type named as teams name their token types (`ThemeColor`, SwiftGen's
///   `Asset.Colors`) is the known token of its name, else its own;
/// - an implicit member (`.latte`) or a theme object's property (`theme.primaryUi01`) is
///   the one known token of its name, and nothing where none or several are.
///
/// Everything else the scanner recorded (a system color, an enum case of no token type)
/// is not shown.
public struct AppTokenUses: Sendable {
    /// One use.
    public struct Use: Sendable, Equatable {
        /// Where, and as written.
        public var reference: TokenReference
        /// The token it names (`asset:Latte`, `Color.critical`).
        public var token: String
        /// The definitions it goes through, outermost first (`Color.latte` for `.latte`).
        public var through: [String]

        /// A use.
        public init(reference: TokenReference, token: String, through: [String]) {
            self.reference = reference
            self.token = token
            self.through = through
        }
    }

    /// The uses, in the order of the references given.
    public let uses: [Use]

    /// The uses among `references` by `definitions` (one project's).
    ///
    /// An implicit member passed to a parameter that another is passed to resolved as a
    /// member of a token type (`AppTheme.colorForStyle(.primaryText01)`, known as
    /// `ThemeStyle.primaryText01`) is a member of that type too
    /// (`AppTheme.colorForStyle(.primaryIcon02)`): one parameter takes one type.
    public init(references: [TokenReference], definitions: [AppTokenDefinition]) {
        // Token types: those holding design values of their own, then those whose members
        // code passes where a color or a style goes (`AppTheme.color(for: .background)`,
        // `.background` aliasing `ThemeStyle.primaryUi01`); an enum whose static member
        // aliases a case (`static let first: Self = .intro`) is none.
        let holding = Set(definitions.filter { $0.wraps?.hasPrefix("asset:") ?? true }.map(\.owner))
        let seeding = Resolver(definitions: definitions, tokenTypes: holding)
        var passed = holding
        for reference in references where reference.slot != nil {
            guard let target = reference.target, let (token, through) = seeding.resolve(target, from: reference.file)
            else { continue }
            for member in [token] + through {
                if let dot = member.lastIndex(of: "."), !member.hasPrefix("asset:") {
                    passed.insert(String(member[..<dot]))
                }
            }
        }
        let resolver = Resolver(definitions: definitions, tokenTypes: passed)
        let resolved = references.map { reference -> (String, [String])? in
            guard reference.kind != .package, let target = reference.target else { return nil }
            return resolver.resolve(target, from: reference.file)
        }
        var slotTypes: [String: Set<String>] = [:]
        for (reference, found) in zip(references, resolved) {
            guard let slot = reference.slot, let (token, through) = found,
                let member = (through.first ?? token).split(separator: ":").last,
                let dot = member.lastIndex(of: ".")
            else { continue }
            let owner = String(member[..<dot])
            if !owner.isEmpty, !AppTokenNames.colorTypes.contains(owner) { slotTypes[slot, default: []].insert(owner) }
        }
        let first = zip(references, resolved).map { reference, found -> Use? in
            if let (token, through) = found { return Use(reference: reference, token: token, through: through) }
            guard reference.kind == .member, let slot = reference.slot, let owners = slotTypes[slot], owners.count == 1,
                let owner = owners.first, let target = reference.target, target.hasPrefix(".")
            else { return nil }
            return Use(reference: reference, token: owner + target, through: [])
        }
        // Then a name seen as a member of a token type anywhere is that member where it
        // stands alone (`theme.primaryInteractive01` once `.primaryInteractive01` was
        // passed where `ThemeStyle` goes).
        var learned: [String: Set<String>] = [:]
        for use in first.compactMap({ $0 }) where !use.token.hasPrefix("asset:") {
            guard let dot = use.token.lastIndex(of: "."), dot != use.token.startIndex,
                !AppTokenNames.colorTypes.contains(String(use.token[..<dot]))
            else { continue }
            learned[String(use.token[use.token.index(after: dot)...]), default: []].insert(use.token)
        }
        // A type the app defines or aliases members of names a token over a type named
        // like one (`ThemeStyle.primaryUi01` over `ThemeColor.primaryUi01(for:)`).
        func known(_ name: String) -> String? {
            let tokens = learned[name] ?? []
            let defined = tokens.filter { token in resolver.tokenTypes.contains { token.hasPrefix($0 + ".") } }
            let chosen = defined.isEmpty ? tokens : defined
            return chosen.count == 1 ? chosen.first : nil
        }
        uses = zip(references, first).compactMap { reference, use -> Use? in
            if var use {
                if use.through.isEmpty, let dot = use.token.lastIndex(of: "."),
                    AppTokenNames.recordsMembers(of: String(use.token[..<dot])),
                    !resolver.tokenTypes.contains(String(use.token[..<dot])),
                    let token = known(String(use.token[use.token.index(after: dot)...]))
                {
                    use.token = token
                }
                return use
            }
            guard reference.kind == .member, let target = reference.target, target.hasPrefix("."),
                let token = known(String(target.dropFirst()))
            else { return nil }
            return Use(reference: reference, token: token, through: [])
        }
    }

    /// Whether `name` (as a user writes it: `asset:Latte`, `Color.latte`, `Latte`) names
    /// `use`'s token or a definition it goes through.
    public static func matches(_ name: String, _ use: Use) -> Bool {
        name == use.token || use.through.contains(name) || "asset:" + name == use.token
    }

    /// Follows targets through definitions.
    private struct Resolver {
        let byQualified: [String: [AppTokenDefinition]]
        let byName: [String: [AppTokenDefinition]]
        /// Members of token types that definitions alias, known though not declared in the scan.
        let aliased: [String: Set<String>]
        /// The app's token types (besides the color types).
        let tokenTypes: Set<String>

        init(definitions: [AppTokenDefinition], tokenTypes types: Set<String>) {
            byQualified = Dictionary(grouping: definitions, by: \.qualified)
            byName = Dictionary(grouping: definitions, by: \.name)
            tokenTypes = types.filter { !AppTokenNames.colorTypes.contains($0) }
            var aliased: [String: Set<String>] = [:]
            for target in definitions.compactMap(\.wraps) where !target.hasPrefix("asset:") {
                guard let dot = target.lastIndex(of: "."), dot != target.startIndex,
                    tokenTypes.contains(String(target[..<dot]))
                else { continue }
                aliased[String(target[target.index(after: dot)...]), default: []].insert(target)
            }
            self.aliased = aliased
        }

        func resolve(_ target: String, from file: String, depth: Int = 0) -> (String, [String])? {
            if target.hasPrefix("asset:") { return (target, []) }
            guard depth < 16 else { return nil }
            if target.hasPrefix(".") { return byName(String(target.dropFirst()), from: file, depth: depth) }
            // `Constants.inset` inside `Card` names `Card.Constants.inset`.
            let name = target.split(separator: ".").last.map(String.init) ?? target
            let candidates =
                byQualified[target]
                ?? byName[name]?.filter { $0.qualified.hasSuffix("." + target) } ?? []
            if let definition = candidates.first(where: { !$0.isPrivate || $0.file == file }) {
                guard let wraps = definition.wraps else { return (target, [target]) }
                if let (token, through) = resolve(wraps, from: definition.file, depth: depth + 1) {
                    return (token, [target] + through)
                }
                return (wraps, [target])
            }
            guard let dot = target.lastIndex(of: ".") else { return nil }
            let owner = String(target[..<dot])
            if AppTokenNames.colorTypes.contains(owner) {
                return AppTokenNames.isPlatformMember(name, of: owner) ? nil : (target, [])
            }
            if AppTokenNames.recordsMembers(of: owner) {
                return byName(name, from: file, depth: depth) ?? (target, [])
            }
            if tokenTypes.contains(owner) { return (target, []) }
            return nil
        }

        /// The one token a bare name is known as: through its visible definitions, else
        /// the members definitions alias by it.
        func byName(_ name: String, from file: String, depth: Int) -> (String, [String])? {
            let visible = (byName[name] ?? []).filter { !$0.isPrivate || $0.file == file }
            var found: [String: [String]] = [:]
            for definition in visible {
                if let (token, through) = resolve(definition.qualified, from: file, depth: depth + 1) {
                    found[token] = found[token] ?? through
                }
            }
            if found.isEmpty {
                for target in aliased[name] ?? [] { found[target] = [] }
            }
            guard found.count == 1, let only = found.first else { return nil }
            return (only.key, only.value)
        }
    }
}
