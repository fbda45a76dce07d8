extension StyleResolver {
    /// Evaluates style expressions in one context.
    struct Evaluator {
        let resolver: TokenResolver
        let context: ModeContext
        let accent: ColorExpression?
        let styleName: String

        mutating func token(_ path: String, type: String, at jsonPath: String) throws -> JSON {
            switch resolver.resolve(
                value: .string("{\(path)}"), type: type, origin: "style \(styleName) \(jsonPath)", in: context)
            {
            case .success(let value): return value
            case .failure(let problem): throw RequestError(problem.message)
            }
        }

        mutating func paint(_ expression: ColorExpression, at jsonPath: String) throws -> Paint {
            switch expression {
            case .token(let path):
                let value = try token(path, type: "color", at: jsonPath)
                guard let color = Color(dtcg: value) else { throw RequestError("\(path) is not a color") }
                return Paint(color: color, material: nil, materialOpacity: 1, source: "{\(path)}")
            case .literal(let color):
                return Paint(color: color, material: nil, materialOpacity: 1, source: color.hexRGBA)
            case .accent:
                guard let accent else {
                    throw RequestError("style \(styleName) uses \"accent\" at \(jsonPath) but defines no accent")
                }
                var paint = try self.paint(accent, at: "$.accent")
                paint.source = "accent " + paint.source
                return paint
            case .material(let name):
                return Paint(color: nil, material: name, materialOpacity: 1, source: "material \(name)")
            case .clear:
                return .none
            case .opacity(let inner, let opacity):
                var paint = try self.paint(inner, at: jsonPath)
                if let color = paint.color { paint.color = color.multiplyingAlpha(by: opacity) }
                if paint.material != nil { paint.materialOpacity *= opacity }
                paint.source += " at \(JSON.format(opacity))"
                return paint
            case .firstOf(let candidates):
                var lastError: any Error = RequestError("no candidate at \(jsonPath)")
                for candidate in candidates {
                    do { return try paint(candidate, at: jsonPath) } catch { lastError = error }
                }
                throw lastError
            case .contrasting(let inner):
                let background = try paint(inner, at: jsonPath)
                guard let color = background.color else {
                    throw RequestError("\(jsonPath): a contrasting color needs a color, not \(background.text)")
                }
                let contrast =
                    color.linearLuminance > 0.5 ? Color(red: 0, green: 0, blue: 0) : Color(red: 1, green: 1, blue: 1)
                return Paint(
                    color: contrast, material: nil, materialOpacity: 1, source: "contrasting with \(background.source)")
            }
        }

        mutating func length(_ expression: DimensionExpression, at jsonPath: String) throws -> ResolvedLength {
            switch expression {
            case .points(let points):
                return ResolvedLength(points: points, token: nil)
            case .token(let path):
                let value = try token(path, type: "dimension", at: jsonPath)
                guard let points = TokenValue.points(ofDimension: value) else {
                    throw RequestError("\(path) is not a dimension")
                }
                return ResolvedLength(points: points, token: path)
            case .firstOf(let candidates):
                var lastError: any Error = RequestError("no candidate at \(jsonPath)")
                for candidate in candidates {
                    do { return try length(candidate, at: jsonPath) } catch { lastError = error }
                }
                throw lastError
            }
        }

        mutating func font(_ candidates: [FontExpression]) throws -> ResolvedFont {
            var lastError: any Error = RequestError("no font")
            for candidate in candidates {
                switch candidate {
                case .token(let path):
                    do {
                        let value = try token(path, type: "typography", at: "$.font")
                        return ResolvedFont(
                            token: path, textStyle: value["textStyle"]?.string,
                            family: value["fontFamily"]?.string ?? value["fontFamily"]?.array?.first?.string,
                            size: value["fontSize"].flatMap(TokenValue.points(ofDimension:))
                                ?? textStyleSize(value["textStyle"]?.string),
                            weight: value["fontWeight"]?.number)
                    } catch {
                        lastError = error
                    }
                case .textStyle(let style, let weight):
                    return ResolvedFont(
                        token: nil, textStyle: style, family: nil, size: textStyleSize(style), weight: weight ?? 400)
                }
            }
            throw lastError
        }

        /// A text style's size from the theme's `system.textStyles.<style>` token, when it has one.
        mutating func textStyleSize(_ style: String?) -> Double? {
            guard let style,
                let value = try? resolver.resolve(StyleResolver.textStylePrefix + style, in: context)
            else {
                return nil
            }
            return TokenValue.points(ofDimension: value)
        }

        mutating func animation(_ animation: Animation) throws -> ResolvedAnimation {
            var duration = animation.duration
            if let path = animation.token {
                let value = try token(path, type: "transition", at: "$.animation.token")
                duration = value["duration"].flatMap(TokenValue.seconds(ofDuration:))
            }
            return ResolvedAnimation(
                curve: animation.curve, duration: duration, response: animation.response,
                dampingFraction: animation.dampingFraction, bounce: animation.bounce, token: animation.token)
        }
    }
}
