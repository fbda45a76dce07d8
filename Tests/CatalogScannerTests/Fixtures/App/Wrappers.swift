import SwiftUI

// The app's own style wrappers, as real apps write them: the scanner follows each
// through its declaration here.

struct PrimaryButtonModifier: ViewModifier {
    func body(content: Content) -> some View {
        if #available(iOS 26, macOS 26, tvOS 26, watchOS 26, *) {
            content.buttonStyle(.glassProminent)
        } else {
            content.buttonStyle(.borderedProminent)
        }
    }
}

extension View {
    func primaryButton() -> some View { modifier(PrimaryButtonModifier()) }
}

struct EmptyStateView<Actions: View>: View {
    let title: String
    @ViewBuilder var actions: () -> Actions

    var body: some View {
        VStack {
            Text(title)
            HStack { actions() }.controlSize(.large).buttonStyle(.bordered)
        }
    }
}

struct Library: View {
    var body: some View {
        EmptyStateView(title: "Library Missing") {
            Button("Open Settings") {}
        }
        Button("Done") {}.primaryButton()
    }
}
