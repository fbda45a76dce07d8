import Testing

@testable import CatalogModel

/// A mode's resolution pass visits only the tokens that can resolve differently there
/// than in the defaults: every other token must resolve exactly as in the defaults, and
/// the problems of all passes must be those of resolving every token in every context.
@Suite struct ModeResolutionTests {
    /// Two dimensions; tokens with values per mode, one only dark has, a cycle only dark
    /// makes, a type only compact breaks, an alias to nothing, and plain chains.
    static let theme: Theme = {
        let dark = ModeKey("colorScheme", "dark")
        let light = ModeKey("colorScheme", "light")
        let compact = ModeKey("density", "compact")
        let tokens = [
            Token(path: "plain", type: .color, value: .string("#000000")),
            Token(path: "chain", type: .color, value: .string("{plain}")),
            Token(path: "chain2", type: .color, value: .string("{chain}")),
            Token(
                path: "themed", type: .color, value: .string("#111111"), modes: [ModeValue(dark, .string("#EEEEEE"))]),
            Token(path: "onThemed", type: .color, value: .string("{themed}")),
            Token(path: "darkOnly", type: .color, value: nil, modes: [ModeValue(dark, .string("#222222"))]),
            Token(path: "onDarkOnly", type: .color, value: .string("{darkOnly}")),
            Token(path: "loopA", type: .color, value: .string("#333333"), modes: [ModeValue(dark, .string("{loopB}"))]),
            Token(path: "loopB", type: .color, value: .string("{loopA}")),
            Token(
                path: "size", type: .dimension, value: .string("4px"), modes: [ModeValue(compact, .string("{plain}"))]),
            Token(path: "onSize", type: .dimension, value: .string("{size}")),
            Token(path: "dangling", type: .color, value: .string("{nowhere}")),
            Token(
                path: "lightSet", type: .color, value: .string("#444444"), modes: [ModeValue(light, .string("#555555"))]
            ),
        ]
        return Theme(
            name: "Modes", version: Semver(1, 0, 0),
            dimensions: [
                ModeDimension(name: "colorScheme", modes: ["light", "dark"]),
                ModeDimension(name: "density", modes: ["regular", "compact"]),
            ], tokens: tokens)
    }()

    @Test func tokensOutsideTheDifferingSetResolveAsInTheDefaults() {
        let resolver = TokenResolver(theme: Self.theme)
        let referrers = resolver.referrers()
        let defaults = resolver.resolveAll(in: ModeContext()).values
        for (key, context) in resolver.standardContexts where !key.isEmpty {
            let differing = Set(resolver.differingFromDefaults(in: context, referrers: referrers))
            let all = resolver.resolveAll(in: context).values
            for (position, token) in Self.theme.tokens.enumerated() where !differing.contains(position) {
                #expect(all[token.path] == defaults[token.path], "\(token.path) in \(key)")
            }
        }
        let dark = Set(
            resolver.differingFromDefaults(in: ModeContext(["colorScheme": "dark"]), referrers: referrers).map {
                Self.theme.tokens[$0].path
            })
        #expect(dark == ["themed", "onThemed", "darkOnly", "onDarkOnly", "loopA", "loopB", "lightSet"])
        let compact = Set(
            resolver.differingFromDefaults(in: ModeContext(["density": "compact"]), referrers: referrers).map {
                Self.theme.tokens[$0].path
            })
        #expect(compact == ["darkOnly", "onDarkOnly", "size", "onSize"])
    }

    @Test func problemsAreThoseOfResolvingEveryTokenEverywhere() {
        let resolver = TokenResolver(theme: Self.theme)
        var everything: Set<ResolutionProblem> = []
        for (_, context) in resolver.standardContexts {
            everything.formUnion(resolver.resolveAll(in: context).problems)
        }
        let problems = resolver.problems()
        #expect(Set(problems) == everything)
        #expect(problems.count == everything.count)
        let messages = problems.map(\.message)
        #expect(messages.contains { $0.contains("alias cycle") })
        #expect(messages.contains { $0.contains("nowhere") })
        #expect(problems.contains { if case .absent(from: "onDarkOnly", _, _) = $0 { true } else { false } })
        #expect(problems.contains { if case .wrongType(from: "size", _, _, _) = $0 { true } else { false } })
    }
}
