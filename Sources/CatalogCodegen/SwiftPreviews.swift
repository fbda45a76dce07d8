import CatalogModel

/// `ButtonStylePreviews.swift`: for each generated style a gallery view (every role,
/// enabled and disabled, at each control size the style defines) and Xcode previews of it
/// in light and dark. The galleries are plain views, so they build (and are type-checked)
/// everywhere; the `#Preview` declarations need Xcode's DeveloperToolsSupport. The pressed
/// state shows by pressing a button in the live canvas: SwiftUI offers no way to force it.
enum SwiftPreviews {
    /// One style's gallery view and previews.
    static func gallery(styleName: String, typeName: String, member: String, sizes: [String], attributes: [String])
        -> String
    {
        let gallery = typeName + "Gallery"
        let availability = attributes.map { $0 + "\n" }.joined()
        var out = "/// Style \(styleName) in every role, enabled and disabled"
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
        out += "        }\n        .buttonStyle(.\(member))\n        .padding()\n    }\n}\n\n"
        out += "#if DEBUG && canImport(DeveloperToolsSupport)\n"
        out += availability + "#Preview(\(SwiftNames.literal(styleName + ", light"))) {\n    \(gallery)()\n}\n\n"
        out += availability + "#Preview(\(SwiftNames.literal(styleName + ", dark"))) {\n"
        out += "    \(gallery)().environment(\\.colorScheme, ColorScheme.dark)\n}\n#endif\n"
        return out
    }

    /// A row per role: enabled and disabled, at `size` when given.
    private static func rows(size: String?, indent: String) -> String {
        var out = "\(indent)VStack(alignment: HorizontalAlignment.leading, spacing: 8) {\n"
        if let size { out += "\(indent)    Text(\(SwiftNames.literal(size))).font(.caption)\n" }
        for (role, label) in [("nil", "Action"), (".destructive", "Delete"), (".cancel", "Cancel")] {
            out += "\(indent)    HStack(spacing: 12) {\n"
            out += "\(indent)        Button(role: \(role)) {} label: { Text(\(SwiftNames.literal(label))) }\n"
            out += "\(indent)        Button(role: \(role)) {} label: { Text(\(SwiftNames.literal(label))) }"
            out += ".disabled(true)\n"
            out += "\(indent)    }\n"
        }
        out += "\(indent)}\n"
        if let size { out += "\(indent).controlSize(ControlSize.\(size))\n" }
        return out
    }
}
