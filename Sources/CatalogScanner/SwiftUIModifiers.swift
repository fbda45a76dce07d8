/// What the scanner knows of SwiftUI's own modifiers and containers, to tell an app's
/// wrapper (which may set a button style the scanner cannot see) from SwiftUI, and to
/// tell content drawn as buttons from content drawn as something else (menu items,
/// swipe actions, alert actions), which no button style reaches.
enum SwiftUIModifiers {
    /// SwiftUI modifiers whose names say "style" or "button" but that do not set a
    /// button's style: an app modifier named so (`.glassButtonStyle(…)`) may.
    static let notButtonStyles: Set<String> = [
        "foregroundStyle", "backgroundStyle", "labelStyle", "listStyle", "toggleStyle", "pickerStyle", "menuStyle",
        "textFieldStyle", "textEditorStyle", "datePickerStyle", "progressViewStyle", "gaugeStyle",
        "labeledContentStyle", "formStyle", "groupBoxStyle", "controlGroupStyle", "disclosureGroupStyle",
        "indexViewStyle", "navigationViewStyle", "navigationSplitViewStyle", "tabViewStyle", "tableStyle",
        "windowStyle", "windowToolbarStyle", "presentedWindowStyle", "menuButtonStyle", "signInWithAppleButtonStyle",
        "buttonBorderShape", "buttonRepeatBehavior", "buttonSizing", "mapStyle", "chartLegend", "scrollBounceBehavior",
        "listRowSeparatorTint", "fontDesign", "lineSpacing", "navigationBarBackButtonHidden", "paymentButtonStyle",
        "paymentButtonType", "addPassToWalletButtonStyle", "addOrderToWalletButtonStyle",
    ]

    /// SwiftUI modifiers whose closures hold views drawn as part of the modified view (or
    /// presented from it, inheriting its environment), or actions: a button inside keeps
    /// the styles set around the modified view.
    static let contentModifiers: Set<String> = [
        "overlay", "background", "mask", "safeAreaInset", "safeAreaBar", "toolbar", "sheet", "popover",
        "fullScreenCover", "navigationDestination", "inspector", "searchSuggestions", "tabItem", "ornament",
        "backgroundPreferenceValue", "overlayPreferenceValue", "animation", "navigationBarItems",
        "containerBackground", "presentationBackground", "listRowBackground", "tabViewBottomAccessory",
        "compositingLayer", "transaction", "onAppear", "onDisappear", "task", "onTapGesture", "onLongPressGesture",
        "onChange", "onReceive", "onSubmit", "refreshable", "gesture", "simultaneousGesture", "highPriorityGesture",
        "onHover", "onDrop", "dropDestination", "draggable", "onDrag", "fileImporter", "fileExporter", "onOpenURL",
        "onContinueUserActivity", "onKeyPress", "onGeometryChange", "onPreferenceChange", "focusedValue",
        "contentShape", "scrollTransition", "visualEffect", "matchedTransitionSource", "navigationTitle",
        "navigationSubtitle", "badge", "help", "accessibilityElement", "accessibilityRepresentation",
        "accessibilityLabel", "accessibilityValue", "accessibilityHint", "labelsHidden", "keyboardShortcut",
        "sensoryFeedback",
    ]

    /// Collection and optional methods that build views from elements
    /// (`items.map { Button(…) }`): not wrappers.
    static let elementMethods: Set<String> = [
        "map", "compactMap", "flatMap", "forEach", "reduce", "filter", "sorted", "first", "last", "enumerated",
        "prefix", "suffix", "dropFirst", "dropLast", "reversed", "lazy", "init",
    ]

    /// Modifiers whose content SwiftUI draws as menu items, swipe actions, alert or dialog
    /// actions or accessibility actions: no button style set outside reaches it.
    static let detachingModifiers: Set<String> = [
        "contextMenu", "swipeActions", "alert", "confirmationDialog", "accessibilityActions", "toolbarTitleMenu",
        "dialogSuppressionToggle", "commands",
    ]

    /// Containers whose `content` SwiftUI draws as menu items (their label is drawn as a
    /// button; their content is not).
    static let detachingContainers: Set<String> = [
        "Menu", "MenuButton", "ToolbarTitleMenu", "CommandMenu", "CommandGroup",
    ]

    /// SwiftUI's own modifiers, as far as the scanner needs to know them: those above, and
    /// the common ones that set no button style. An app's modifier is looked up in its
    /// declarations; one of these is not.
    static let known: Set<String> = notButtonStyles.union(contentModifiers).union(detachingModifiers).union([
        "padding", "frame", "font", "fontWeight", "foregroundColor", "cornerRadius", "clipShape", "clipped", "shadow",
        "opacity", "tint", "disabled", "controlSize", "buttonStyle", "modifier", "environment", "environmentObject",
        "id", "tag", "fixedSize", "layoutPriority", "offset", "position", "scaleEffect", "rotationEffect", "hidden",
        "allowsHitTesting", "zIndex", "transition", "ignoresSafeArea", "edgesIgnoringSafeArea", "border",
        "navigationBarTitleDisplayMode", "toolbarBackground", "glassEffect", "multilineTextAlignment", "lineLimit",
        "minimumScaleFactor", "imageScale", "symbolRenderingMode", "symbolVariant", "accessibilityIdentifier",
        "accessibilityAddTraits", "accessibilityHidden", "focused", "focusable", "textCase", "bold", "italic",
        "underline", "strikethrough", "kerning", "tracking", "baselineOffset", "aspectRatio", "scaledToFit",
        "scaledToFill", "resizable", "renderingMode", "redacted", "blur", "brightness", "contrast", "saturation",
        "grayscale", "colorMultiply", "colorInvert", "blendMode", "drawingGroup", "listRowInsets", "listRowSeparator",
        "listSectionSeparator", "scrollContentBackground", "scrollDisabled", "scrollIndicators", "preferredColorScheme",
        "colorScheme", "dynamicTypeSize", "environment", "contentTransition", "symbolEffect", "navigationDestination",
        "presentationDetents", "presentationDragIndicator", "interactiveDismissDisabled", "submitLabel",
        "keyboardType", "textContentType", "autocorrectionDisabled", "textInputAutocapitalization", "onMove",
        "onDelete", "deleteDisabled", "moveDisabled", "searchable", "toolbarRole", "toolbarColorScheme",
        "statusBarHidden", "persistentSystemOverlays", "hoverEffect", "menuIndicator", "menuOrder",
        "buttonBorderShape", "labelStyle", "tabItem", "equatable", "coordinateSpace", "matchedGeometryEffect",
        "geometryGroup", "containerRelativeFrame", "safeAreaPadding", "contentMargins",
    ])
}
