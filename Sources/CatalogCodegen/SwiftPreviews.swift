import CatalogModel

/// `ButtonStylePreviews.swift`: for each generated style a gallery view — a row per role
/// the style defines, each state it defines side by side (pressed, hover and focus drawn
/// through the package's preview state, loading through its loading environment), at each
/// control size it defines, on the theme's background — and Xcode previews of it in light,
/// in dark, at an accessibility Dynamic Type size, and right to left. The galleries are
/// plain views, so they build (and are type-checked) everywhere; the `#Preview`
/// declarations need Xcode's DeveloperToolsSupport.
struct SwiftPreviews {
    let styleName: String
    let typeName: String
    let member: String
    let sizes: [String]
    /// The roles the style overrides (`destructive`, `cancel`).
    let roles: [String]
    /// The states the style defines, `normal` first.
    let states: [String]
    /// The theme's background color expression, if it has one.
    let background: String?
    let attributes: [String]

    /// One style's gallery view and previews.
    func gallery() -> String {
        let gallery = typeName + "Gallery"
        let availability = attributes.map { $0 + "\n" }.joined()
        var out = "/// Style \(styleName): each role it defines in a row, each state it defines side by side"
        out += sizes.isEmpty ? ".\n" : ", at each of its control sizes.\n"
        out += availability
        out += "struct \(gallery): View {\n    var body: some View {\n"
        out += "        VStack(alignment: HorizontalAlignment.leading, spacing: 12) {\n"
        for size in sizes.isEmpty ? [nil] : sizes.map(Optional.some) {
            if let size, let condition = SwiftAPI.condition(for: ["ControlSize.\(size)"]) {
                out += "            if \(condition) {\n"
                out += rows(size: size, indent: "                ")
                out += "            }\n"
            } else {
                out += rows(size: size, indent: "            ")
            }
        }
        out += "        }\n        .buttonStyle(.\(member))\n        .padding()\n"
        if let background { out += "        .background(\(background))\n" }
        out += "    }\n}\n\n"
        out += "#if DEBUG && canImport(DeveloperToolsSupport)\n"
        let previews = [
            ("light", ""), ("dark", ".environment(\\.colorScheme, ColorScheme.dark)"),
            ("accessibility size", ".dynamicTypeSize(DynamicTypeSize.accessibility3)"),
            ("right to left", ".environment(\\.layoutDirection, LayoutDirection.rightToLeft)"),
        ]
        for (index, (name, modifier)) in previews.enumerated() {
            if index > 0 { out += "\n" }
            out += availability + "#Preview(\(SwiftNames.literal(styleName + ", " + name))) {\n"
            out += "    \(gallery)()\(modifier)\n}\n"
        }
        return out + "#endif\n"
    }

    /// A row per role, a button per state, at `size` when given.
    private func rows(size: String?, indent: String) -> String {
        var out = "\(indent)VStack(alignment: HorizontalAlignment.leading, spacing: 8) {\n"
        if let size { out += "\(indent)    Text(\(SwiftNames.literal(size))).font(.caption)\n" }
        for role in [nil] + roles {
            let argument = role.map { "." + $0 } ?? "nil"
            out += "\(indent)    Text(\(SwiftNames.literal(role ?? "no role"))).font(.caption)\n"
            out += "\(indent)    HStack(spacing: 12) {\n"
            for state in states {
                out += "\(indent)        Button(role: \(argument)) {} label: { Text(\(SwiftNames.literal(state))) }"
                switch state {
                case "normal": break
                case "disabled": out += ".disabled(true)"
                case "loading": out += ".environment(\\.buttonLookLoading, true).disabled(true)"
                default: out += ".environment(\\.buttonLookPreviewState, ButtonLookState.\(state))"
                }
                out += "\n"
            }
            out += "\(indent)    }\n"
        }
        out += "\(indent)}\n"
        if let size { out += "\(indent).controlSize(ControlSize.\(size))\n" }
        return out
    }
}
