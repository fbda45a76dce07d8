import OUDS
import SwiftUI

struct Checkout: View {
    var body: some View {
        OUDSButton(text: "Validate", icon: Image("ic_heart"), appearance: .strong, isFullWidth: true) { }
        OUDSButton(text: "Next", appearance: .strong) { }
        OUDSButton(text: "Delete", style: .loading) { }
        OUDSColoredSurface(color: .brand) {
            VStack {
                OUDSButton(text: "Delete", appearance: .negative) { }
            }
        }
    }
}

struct Variants: View {
    var body: some View {
        Button("Follow") { }
            .buttonStyle(.variant(.filled, color: .orange))
        HStack {
            Button("Save", systemImage: "bookmark") { }
                .buttonStyle(.variant(.tinted))
        }
        .controlSize(.small)
        Button("Sold Out") { }
            .buttonStyle(.variant(.filled))
            .disabled(true)
    }
}
