import OUDS
import SwiftUI

// The SwiftUI Button page's samples.
struct BuiltInStyles: View {
    var body: some View {
        Button("Auto Button Style") { }
            .buttonStyle(.automatic)

        Button("Plain Button Style") { }
            .buttonStyle(.plain)

        Button("Bordered Button Style") { }
            .buttonStyle(.bordered)

        Button("Bordered Button Style Prominent") { }
            .buttonStyle(.borderedProminent)

        Button("Borderless Button Style") { }
            .buttonStyle(.borderless)

        Button("My Primitive Button Style", role: .destructive) { }
            .buttonStyle(.myPrimitiveButton)
    }
}

// The OUDSButton page's samples.
struct OUDSSamples: View {
    @Environment(\.layoutDirection) var layoutDirection

    var body: some View {
        OUDSButton(icon: Image("ic_heart"), accessibilityLabel: "Like", appearance: .default) { /* the action to process */ }
        OUDSButton(text: "Delete", appearance: .negative, style: .default) { /* the action to process */ }
        OUDSButton(LocalizedStringKey("validate_button"), bundle: Bundle.module, appearance: .strong) { }
        OUDSButton(text: "Button",
                   icon: Image(systemName: "figure.handball"),
                   flipIcon: layoutDirection == .rightToLeft)
    }
}
