import SwiftUI

// DFButton("In a comment") { }.dfButtonStyle(.outlined)
/* OUDSButton(text: "Block comment", appearance: .negative) { } */

let multiline = """
    DFButton("In a multi-line string") { }
    """
let raw = #"Button("Raw string") { }.buttonStyle(.plain)"#

struct MyButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
    }
}

extension ButtonStyle where Self == MyButtonStyle {
    static var myButton: Self { .init() }
}

struct Custom: View {
    var body: some View {
        Button("My Button Style", role: .cancel) { }
            .buttonStyle(.myButton)
        #if os(iOS)
        Button("Bordered") { }
            .buttonStyle(.borderedProminent)
        #endif
        List {
            ForEach(items) { item in
                Button(item.title) { select(item) }
            }
        }
        .buttonStyle(.bordered)
    }
}
