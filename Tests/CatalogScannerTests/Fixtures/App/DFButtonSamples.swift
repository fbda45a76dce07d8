import DesignFoundation
import SwiftUI

struct SettingsView: View {
    @State var formIsValid = false

    var body: some View {
        DFButton("Save Changes") { save() }

        DFButton("Cancel") { dismiss() }
            .dfButtonStyle(.outlined)

        VStack {
            DFButton("Option A") { selectA() }
            DFButton("Option B") { selectB() }
        }
        .dfButtonStyle(.tinted)

        DFButton("Delete Project", role: .destructive) { deleteProject() }
            .dfButtonStyle(.filled)

        DFButton("Continue") { advance() }
            .disabled(!formIsValid)

        if #available(iOS 26, macOS 26, *) {
            DFButton("Open") { openPhoto() }
                .dfButtonStyle(.glass)
        }

        DFButton("Subscribe") { subscribe() }
            .dfButtonStyle(.capsule)
    }
}

struct Onboarding: View {
    var body: some View {
        VStack(spacing: 12) {
            HStack {
                DFButton("Two levels down") { }
            }
            DFButton("Create Account") { }
                .dfButtonStyle(.filled)
            DFButton("Also filled") { }
                .dfButtonStyle(.filled)
        }
        .dfButtonStyle(.ghost)
        DFButton("Glass without a check") { }.dfButtonStyle(.glass)
    }
}
