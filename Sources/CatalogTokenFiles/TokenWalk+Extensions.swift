import CatalogModel

/// A token's `$extensions`, read by the walk: the catalog's own entries (its modes, stable
/// id, type beyond DTCG's, successor, metadata, per-mode tool data, Dynamic Type), Tokens
/// Studio's color modifier checked, a vendor's plainly stated modes (``VendorModes``) read
/// as the token's modes; every other tool's data kept verbatim, and another tool's per-mode
/// values said once per file.
extension TokenWalk {
    /// Reads `value`, the token's `$extensions` at JSON path `path`, into `token`.
    mutating func readExtensions(_ value: JSON, into token: inout RawToken, path: String) {
        let file = token.file
        guard let extensions = value.object else {
            report("expected an object, got \(value.kindDescription)", at: value, path: path, file: file)
            return
        }
        for (name, content) in extensions {
            let extensionPath = JSONPath.member(path, name)
            switch name {
            case "catalog.modes":
                guard let modes = content.object else {
                    report(
                        "expected an object mapping mode names to values, got \(content.kindDescription)",
                        at: content, path: extensionPath, file: file)
                    continue
                }
                token.modes += modes.map {
                    (mode: $0.key, value: references(in: $0.value, path: extensionPath, file: file))
                }
            case Theme.absentByDefaultKey:
                guard content.bool == true else {
                    report("expected true, got \(content.excerpt)", at: content, path: extensionPath, file: file)
                    continue
                }
                token.defaultAbsent = true
            case "catalog.id": token.id = string(content, path: extensionPath, file: file)
            case "catalog.type":
                // A type DTCG does not have (`string`, `boolean`), as the catalog writes it.
                token.declaredType = checkedType(content, path: extensionPath, file: file) ?? token.declaredType
            case Token.modeExtensionsKey:
                guard let modes = content.object else {
                    report(
                        "expected an object mapping modes to $extensions", at: content, path: extensionPath, file: file)
                    continue
                }
                token.modeExtensions += modes.map { (mode: $0.key, value: $0.value) }
            case "catalog.dynamicType":
                // Whether generated code scales a typography token with Dynamic Type (kept as given).
                guard content.bool != nil else {
                    report(
                        "expected true or false, got \(content.excerpt)", at: content, path: extensionPath, file: file)
                    continue
                }
                token.extensions.append((name, content))
            case "catalog.replacedBy":
                token.replacedBy = string(content, path: extensionPath, file: file).map(Self.successorPath)
            case "catalog.metadata":
                guard let members = content.object else {
                    report(
                        "expected an object, got \(content.kindDescription)", at: content, path: extensionPath,
                        file: file)
                    continue
                }
                token.metadata += members
            case "studio.tokens":
                if let modify = content["modify"] {
                    if let problem = ColorModifier.problem(with: modify) {
                        report(problem, at: modify, path: JSONPath.member(extensionPath, "modify"), file: file)
                        reportedValues.insert(token.path)
                    }
                }
                token.extensions.append((name, content))
            case vendorModes?.key:
                // Per-mode values a vendor states plainly (Figma's Simple Design System).
                token.modes += vendorModes!.modeValues(of: content, tokenPath: token.path).map {
                    (mode: $0.mode, value: references(in: $0.value, path: extensionPath, file: file))
                }
                token.extensions.append((name, content))
            default:
                if !name.hasPrefix("catalog."),
                    name.lowercased().hasSuffix("modes") || content["modes"]?.object != nil
                        || content["valuesByMode"] != nil
                {
                    // Another tool's per-mode values: kept verbatim, and said (the catalog reads
                    // modes from files, sets, resolver contexts and catalog.modes).
                    FileNote.add(.vendorModes, [name], place: content, path: extensionPath, file: file, to: &fileNotes)
                }
                token.extensions.append((name, content))
            }
        }
    }
}
