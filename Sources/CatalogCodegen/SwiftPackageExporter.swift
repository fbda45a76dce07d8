import CatalogModel
import Foundation

/// A theme version and style definitions as a Swift package: the tokens as constants,
/// their plain value types, SwiftUI conveniences and button styles (behind
/// `#if canImport(SwiftUI)`), and `Colors.xcassets`. The output is deterministic: the same
/// theme and styles give the same bytes whatever else the catalog holds (headers name the
/// theme's version, and the button styles' file the styles' versions), and a theme change
/// changes the lines of the tokens whose values changed.
package enum SwiftPackageExporter {
    /// What to generate.
    package struct Request: Sendable {
        package var theme: Theme
        /// Styles to generate: one the theme cannot resolve fails the request.
        package var styles: [StyleDefinition]
        /// Styles to generate where the theme can resolve them (`--style all`); the others
        /// are left out and named in ``Output/skipped``.
        package var optionalStyles: [StyleDefinition]
        /// The module (and library product) name; default `<Theme>Tokens`.
        package var module: String?
        /// The shortcuts' prefix (`df` gives `Color.dfTextPrimary`); default the capitals of
        /// the theme's name (`DesignFoundation` → `df`), or the name when it has one capital.
        package var prefix: String?
        /// Names chosen for groups and tokens, by path (`--rename PATH=NAME`), over the rule
        /// of ``SwiftNaming``.
        package var renames: [String: String]
        /// Themes generated beside ``theme`` in one module, switched at run time
        /// (``SwiftThemeSet``); ``theme`` is the default.
        package var otherThemes: [Theme]

        /// A request. `defaultModes` (dimension → mode, `--mode`) makes those modes the
        /// default context the constants' default values are resolved in.
        package init(
            theme: Theme, styles: [StyleDefinition] = [], optionalStyles: [StyleDefinition] = [], module: String? = nil,
            prefix: String? = nil, renames: [String: String] = [:], defaultModes: [String: String] = [:],
            otherThemes: [Theme] = []
        ) {
            let chosen = { (theme: Theme) in
                var theme = theme
                for index in theme.dimensions.indices {
                    if let mode = defaultModes[theme.dimensions[index].name] {
                        theme.dimensions[index].defaultMode = mode
                    }
                }
                return theme
            }
            self.theme = chosen(theme)
            self.otherThemes = otherThemes.map(chosen)
            self.styles = styles
            self.optionalStyles = optionalStyles
            self.module = module
            self.prefix = prefix
            self.renames = renames
        }
    }

    /// A generated package.
    package struct Output: Sendable {
        /// The files, keyed by path below the package folder.
        package var files: [String: String]
        /// The styles generated.
        package var styles: [StyleDefinition]
        /// The optional styles left out, each with why.
        package var skipped: [(style: StyleDefinition, reason: String)]
        /// How many of the theme's tokens became constants.
        package var tokenCount: Int
        /// The tokens not generated, by reason (also named in the theme's source).
        package var omitted: [(reason: String, paths: [String])]
        /// Tokens generated without a default value (`Moded<Value?>`).
        package var optional: [String]
        /// Tokens generated without their values in combinations of modes (too many).
        package var uncombined: [String]
        /// Dimensions and modes whose Swift names were settled by number or moved off
        /// `self` (``SwiftContextType/renamed``).
        package var renamedModes: [String]
        /// Tokens with no value in some modes, where their default stands in.
        package var partial: [String]
    }

    /// The most combinations of modes one token's values are generated for.
    package static let largestCombinationCount = SwiftTokenContexts.largestCombinationCount

    /// The Apple system colors a token may be, with their iOS values (`#RRGGBBAA`).
    package static var appleSystemColors: [String: (light: String, dark: String)] {
        AppleSystemColors.entries.mapValues { ($0.light, $0.dark) }
    }

    /// What puts a generated button in each state beyond normal, pressed and disabled, as the
    /// docs say it.
    package static let stateTriggers: [(state: String, trigger: String)] = [
        ("hover", "hover under the pointer on iPadOS and macOS, with visionOS's own highlight"),
        ("focus", "focus when the button has keyboard or remote focus"),
        ("loading", "loading under the package's `ButtonLoading` modifier, a progress indicator in the label's place"),
    ]

    /// How code using the package generated from `theme` with default options applies
    /// `style`: its import and its `.buttonStyle(…)`, as the docs show them.
    package static func applying(_ style: StyleDefinition, theme: Theme) -> (import: String, modifier: String) {
        ("import \(moduleName(Request(theme: theme)))", ".buttonStyle(.\(style.swiftNames.member))")
    }

    /// The modifier that puts `style`'s buttons in their loading state in `theme`'s
    /// default package (`dfButtonLoading`), or `nil` where the style draws no loading state.
    package static func loadingModifier(of theme: Theme, for style: StyleDefinition) -> String? {
        guard style.states["loading"] != nil else { return nil }
        let namespace = namespace(of: theme, module: moduleName(Request(theme: theme)))
        return SwiftPackageNames.prefix(namespace: namespace) + "ButtonLoading"
    }

    /// The module name for `request`.
    package static func moduleName(_ request: Request) -> String {
        // `Self` is a keyword, `SelfTokens` is not: the word without its backticks.
        request.module ?? SwiftPackageNames.module(ofTheme: themeName(request))
    }

    /// The name the package's theme goes by: the theme's, or for several themes the
    /// module's without `Tokens` (`OUDSTokens` → `OUDS`), else the themes' names joined.
    static func themeName(_ request: Request) -> String {
        guard !request.otherThemes.isEmpty else { return request.theme.name }
        if let module = request.module, module.hasSuffix("Tokens"), module.count > "Tokens".count {
            return String(module.dropLast("Tokens".count))
        }
        return ([request.theme] + request.otherThemes).map { SwiftNames.unescaped(SwiftNames.type($0.name)) }.joined()
    }

    /// The theme's Swift namespace inside `module` (``SwiftPackageNames/namespace(ofTheme:module:)``).
    static func namespace(of theme: Theme, module: String) -> String {
        SwiftPackageNames.namespace(ofTheme: theme.name, module: module)
    }

    /// How code generated with the default module and prefix names each token of `theme`:
    /// the namespaced constant (`DesignFoundation.Colors.textPrimary`), then the shortcuts
    /// where the token has them (`Color.dfTextPrimary`, `UIFont.dfLabel`). Documentation
    /// shows these beside each token.
    /// `contexts`, where the caller has them, saves resolving the theme again.
    package static func codeNames(of theme: Theme, contexts: SwiftTokenContexts? = nil) -> [String: [String]] {
        let request = Request(theme: theme)
        let namespace = namespace(of: theme, module: moduleName(request))
        // The constants as the generator names them, without rendering their source.
        let tokens = SwiftTokens(theme: theme, namespace: namespace)
        let constants = tokens.members(contexts: contexts ?? SwiftTokenContexts(theme: theme, namesOnly: true))
            .constants.filter { !$0.value.isOptional }
        var names = constants.mapValues { [SwiftNames.unescaped($0.qualifiedName)] }
        let shortcuts = SwiftShortcuts(
            namespace: namespace, prefix: SwiftPackageNames.prefix(namespace: namespace),
            constants: theme.tokens.compactMap { constants[$0.path] }, context: nil)
        for (constant, name) in shortcuts.names(for: .color).names {
            names[constant.token.path, default: []].append("Color.\(name)")
        }
        for (constant, name) in shortcuts.names(for: .typography).names {
            names[constant.token.path, default: []].append("UIFont.\(name)")
        }
        return names
    }

    /// The package's files, keyed by path below the package folder (see ``package(_:)``).
    package static func files(_ request: Request) throws -> [String: String] {
        try package(request).files
    }

    /// The package: its files, the styles generated, and the optional styles left out.
    /// Throws listing every name collision (two tokens or styles that would get one Swift
    /// name), and every style of ``Request/styles`` the theme cannot resolve with why.
    package static func package(_ request: Request) throws -> Output {
        let set =
            request.otherThemes.isEmpty
            ? nil : try SwiftThemeSet([request.theme] + request.otherThemes, name: themeName(request))
        let theme = set?.theme ?? request.theme
        let module = moduleName(request)
        if let problem = identifierProblem(module) ?? moduleProblem(module) {
            throw RequestError(
                "the module name \(NameRules.quoted(module)) \(problem)"
                    + (request.module == nil ? "; it comes from the theme's name: give one with --module" : ""))
        }
        let namespace = namespace(of: theme, module: module)
        let prefix = request.prefix ?? SwiftPackageNames.prefix(namespace: namespace)
        if let problem = identifierProblem(prefix), request.prefix != nil {
            throw RequestError("the prefix \(NameRules.quoted(prefix)) \(problem)")
        }
        let source =
            set.map { "themes " + $0.themes.map { "\($0.name) \($0.version)" }.joined(separator: ", ") }
            ?? "theme \(theme.name) \(theme.version)"
        let header = "// Generated by catalog from \(source). Do not edit: regenerate."
        try checkRenames(request)
        let context = SwiftContextType(theme: theme, namespace: namespace)
        let tokens = SwiftTokens(theme: theme, namespace: namespace, renames: request.renames).generate(
            header: header, context: context, contexts: set?.contexts)
        // Tokens with no default value have none for a style, a shortcut or an asset to use.
        let defaulted = tokens.constants.filter { !$0.value.isOptional }
        // Each style is rendered once, on its own: one the theme cannot resolve is left out.
        let styles = SwiftButtonStyles(
            styles: request.styles + request.optionalStyles, theme: theme, namespace: namespace, prefix: prefix,
            constants: defaulted,
            context: context.dimensions.isEmpty ? nil : (context.environmentName, context.contextName),
            themeChoice: set.flatMap { set in
                context.dimensions.first { $0.dimension.name == set.dimension.name }.map { dimension in
                    (
                        dimension.property,
                        dimension.cases.dropFirst().compactMap { name, mode in
                            set.themes.first { $0.name == mode }.map { (name, $0) }
                        }
                    )
                }
            }
        ).generate()
        let required = Set(request.styles.map(\.name))
        let failed = styles.failures.map { (style: $0.0, reason: reason($0.1, style: $0.0, theme: theme)) }
        let unresolved = failed.filter { required.contains($0.style.name) }
        guard unresolved.isEmpty else {
            throw RequestError(
                "cannot generate "
                    + unresolved.map { "style \($0.style.name) \($0.style.version): \($0.reason)" }.joined(
                        separator: "; "))
        }
        let problems = tokens.problems + styles.problems
        guard problems.isEmpty else {
            throw RequestError("cannot generate Swift: " + problems.joined(separator: "; "))
        }
        // The styles' file says which styles, at which versions: adding a theme or a style
        // elsewhere in the catalog rewrites no file.
        let stylesHeader =
            header + "\n// Styles: "
            + styles.generated.map { "\($0.name) \($0.version)" }.joined(separator: ", ") + "."
        let sources = "Sources/\(module)/"
        let constants = theme.tokens.compactMap { defaulted[$0.path] }
        let assets = AssetCatalog.files(for: constants, dimensions: theme.dimensions)
        let shortcuts = SwiftShortcuts(
            namespace: namespace, prefix: prefix, constants: constants, context: context)
        var files: [String: String] = [
            "Package.swift": package(module: module, header: header),
            sources + "\(SafeName.shortened(namespace)).swift": tokens.source,
            sources + "TokenTypes.swift": header + "\n" + SwiftSupport.values,
            sources + "TokenTypes+SwiftUI.swift": header + "\n" + SwiftSupport.swiftUI,
            sources + "TokenTypes+Platform.swift": header + "\n" + SwiftSupport.platform,
            sources + "Shortcuts.swift": shortcuts.source(header: header),
            sources + "Assets.swift": shortcuts.assets(header: header),
        ]
        files[sources + "Context.swift"] = context.swiftUI(header: header)
        if !styles.generated.isEmpty {
            files[sources + "ButtonStyles.swift"] = stylesHeader + styles.source
            files[sources + "ButtonStylePreviews.swift"] = stylesHeader + styles.previews
            files[sources + "ButtonLook.swift"] = stylesHeader + "\n" + SwiftButtonStyles.support
            files[sources + "Resources/Localizable.xcstrings"] = SwiftButtonStyles.strings
        }
        // Names and descriptions reach comments as written; a format character there (a
        // bidi override, U+202E) would reorder what a reviewer reads. String literals and
        // identifiers hold none (escaped, or refused), so every one left is a comment's.
        for (path, text) in files where path.hasSuffix(".swift") { files[path] = Self.visibleComments(text) }
        for (path, content) in assets {
            files[sources + "Resources/Colors.xcassets/" + path] = content
        }
        let members = tokens.members
        return Output(
            files: files, styles: styles.generated, skipped: failed, tokenCount: members.constants.count,
            omitted: members.omitted.map { ($0.reason.rawValue, $0.paths) }, optional: members.optional,
            uncombined: members.uncombined, renamedModes: context.renamed, partial: members.partial)
    }

    /// `text` with each control (but newline) or format character written as `\u{…}`
    /// (``SwiftNames/visible(_:)``); a file of printable ASCII is returned as it is.
    static func visibleComments(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A) || $0 >= 0x7F }) else { return text }
        return SwiftNames.visible(text)
    }

    /// Refuses a `--rename` naming no token or group of the theme, or giving no usable name.
    static func checkRenames(_ request: Request) throws {
        guard !request.renames.isEmpty else { return }
        var paths: Set<String> = []
        for token in request.theme.tokens {
            var prefix = ""
            for segment in token.path.split(separator: ".", omittingEmptySubsequences: false) {
                prefix = prefix.isEmpty ? String(segment) : prefix + "." + segment
                paths.insert(prefix)
            }
        }
        for (path, name) in request.renames.sorted(by: { $0.key < $1.key }) {
            guard paths.contains(path) else {
                let near = Suggestion.closest(to: path, in: paths.sorted()).map { " (did you mean \($0)?)" } ?? ""
                throw RequestError(
                    "--rename \(path)=\(name): theme \(request.theme.name) has no token or group \(path)\(near)")
            }
            if let problem = SwiftNaming.renameProblem(name) {
                throw RequestError("--rename \(path)=\(name): \(NameRules.quoted(name)) \(problem)")
            }
        }
    }

    /// Why `theme` cannot resolve `style`: the tokens it names that the theme lacks (or
    /// holds only in some modes; a fallback list only when every alternative is lacking),
    /// each once, or else what generating it said.
    static func reason(_ error: Error, style: StyleDefinition, theme: Theme) -> String {
        // A place that lists fallbacks (`"font": ["{a}", "{b}"]`, `$.font[0]`, `$.font[1]`)
        // lacks them only when it has none.
        let references = style.tokenReferences.filter { !$0.token.hasPrefix(StyleResolver.textStylePrefix) }
        let place = { (path: String) in path.hasSuffix("]") ? String(path.prefix { $0 != "[" }) : path }
        let has = { (token: String) in theme.token(token)?.value != nil }
        var missing: [String] = []
        for reference in references
        where !has(reference.token) && !missing.contains(reference.token)
            && !references.contains(where: { place($0.jsonPath) == place(reference.jsonPath) && has($0.token) })
        {
            missing.append(reference.token)
        }
        guard !missing.isEmpty else { return "\(error)" }
        return "theme \(theme.name) \(theme.version) has no default value for "
            + missing.map { "{\($0)}" }.joined(separator: ", ")
    }

    /// Why `name` cannot be a Swift module name, or `nil`.
    /// Modules the generated code imports or may import, and Swift's own: a package module
    /// so named would shadow the one it imports (`import Foundation` inside `Foundation`).
    static let takenModuleNames: Set<String> = [
        "Swift", "Foundation", "SwiftUI", "UIKit", "AppKit", "Darwin", "Glibc", "CoreGraphics", "CoreFoundation",
        "Observation", "Combine", "_Concurrency", "_StringProcessing", "XCTest", "Testing",
    ]

    /// Why `name` cannot name the package's module, beside ``identifierProblem(_:)``.
    static func moduleProblem(_ name: String) -> String? {
        if SwiftNames.isKeyword(name) || name == "_" {
            return "is a Swift keyword: choose another with --module"
        }
        if takenModuleNames.contains(name) {
            return "is a module the generated code imports or Swift has: choose another with --module"
        }
        return nil
    }

    static func identifierProblem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "is empty" }
        let valid = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
        if !valid || ("0"..."9").contains(first) {
            return "is not an ASCII Swift identifier (letters A-Z, digits and _, not starting with a digit)"
        }
        // A module is a folder and files named after it: at most 200 bytes, with room for
        // what is added to it (`Tests`, `.swift`), below every file system's 255.
        if name.utf8.count > 200 { return "is longer than 200 characters" }
        return nil
    }

    static func package(module: String, header: String) -> String {
        """
        // swift-tools-version: 6.0
        \(header)
        import PackageDescription

        #if canImport(Darwin)
        let resources: [Resource] = [.process("Resources")]
        let exclude: [String] = []
        #else
        // Asset catalogs are compiled by Xcode's actool, which other platforms do not have.
        let resources: [Resource] = []
        let exclude = ["Resources"]
        #endif

        let package = Package(
            name: "\(module)",
            defaultLocalization: "en",
            platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
            products: [.library(name: "\(module)", targets: ["\(module)"])],
            targets: [.target(name: "\(module)", exclude: exclude, resources: resources)]
        )

        """
    }
}
