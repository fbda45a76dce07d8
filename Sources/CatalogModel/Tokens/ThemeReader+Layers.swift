/// Mode values from layered sources: for each non-default mode of each declared
/// dimension, the tree merged for that mode is read like the base, and every token whose
/// value differs from its base value gets that value for the mode.
extension ThemeReader {
    mutating func addLayerModes(_ layering: ThemeSources.Layering) {
        guard let dimensions = layering.declaredDimensions else { return }
        var index: [String: Int] = [:]
        for (position, token) in tokens.enumerated() where index[token.path] == nil { index[token.path] = position }
        for dimension in dimensions {
            for mode in dimension.modes where mode != dimension.defaultMode {
                var problems: [TokenTree.Problem] = []
                let merged = layering.tree([dimension.name: mode])
                let tree = TokenTree.expandingExtensions(
                    TokenTree.convertingGroupReferences(merged, root: merged), problems: &problems)
                var layer = ThemeReader(root: tree)
                layer.walk(
                    tree, path: [], jsonPath: JSONPath.root, inheritedType: nil, inheritedDeprecation: nil, isRoot: true
                )
                for problem in problems {
                    record(
                        Diagnostic(
                            file: problem.file, location: problem.location, path: problem.path, message: problem.message
                        ))
                }
                for diagnostic in layer.diagnostics { record(diagnostic) }
                tokenPlaces.merge(layer.tokenPlaces) { first, _ in first }
                for token in layer.tokens {
                    guard let position = index[token.path] else {
                        report(
                            "token \(token.path) has a value in \(dimension.name) \(mode) but none in the default, \(dimension.defaultMode); define it there too",
                            at: JSON(.null, at: token.location), path: token.jsonPath, file: token.file)
                        continue
                    }
                    let base = tokens[position]
                    let sameExtensions = token.extensions.elementsEqual(base.extensions) {
                        $0.key == $1.key && $0.value == $1.value
                    }
                    guard token.hasValue, token.value != base.value || !sameExtensions else { continue }
                    if !sameExtensions {
                        // A mode with its own tool data (a Tokens Studio color modifier per brand).
                        tokens[position].modeExtensions.append((mode, JSON(.object(token.extensions))))
                    }
                    tokens[position].modes.append((mode, token.value))
                    tokens[position].modePlaces[mode] = (token.file, JSONPath.member(token.jsonPath, token.valueKey))
                }
            }
        }
    }
}
