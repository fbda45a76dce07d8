#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogScanner
    import CatalogStore
    import CatalogUsage
    import Foundation
    import TestSupport
    import Testing

    /// A real-world-shaped app of 32 Swift files mixing every pattern the scanner must get
    /// right (styles as initializer arguments, an older spec's label, struct spellings, a
    /// button bound with let and styled later, run-time values, a same-named type, previews,
    /// glass behind `#if os` and `#available` with a tint), scanned as a project and checked
    /// record by record.
    @Suite struct RealWorldTreeTests {
        /// The file for pattern `kind` of feature `index`, and the records it must give.
        static func feature(_ index: Int) -> (source: String, records: [String]) {
            let file = "Screen\(index)"
            switch index % 8 {
            case 0:
                return (
                    """
                    import DesignFoundation
                    import SwiftUI

                    struct \(file): View {
                        var body: some View {
                            VStack {
                                DFButton("Buy \(index)", style: .outlined) { }
                                DFButton("Later") { }
                            }
                        }
                    }
                    """,
                    [
                        "7:13 DFButton DFButton.style=outlined in[VStack] \(file).body",
                        "8:13 DFButton DFButton.style=filled default in[VStack] \(file).body",
                    ]
                )
            case 1:
                return (
                    """
                    import OUDS

                    struct \(file): View {
                        var body: some View {
                            OUDSButton(text: "Skip", hierarchy: .minimal) { }
                        }
                    }
                    """,
                    ["5:9 OUDSButton OUDSButton.appearance=minimal \(file).body"]
                )
            case 2:
                return (
                    """
                    import SwiftUI

                    struct \(file): View {
                        var body: some View {
                            Button("Edit") { }.buttonStyle(BorderlessButtonStyle())
                            Button("Fancy") { }.buttonStyle(MyFancyStyle())
                        }
                    }
                    """,
                    [
                        "5:9 Button Button.style=borderless \(file).body",
                        "6:9 Button Button.style=MyFancyStyle \(file).body",
                    ]
                )
            case 3:
                return (
                    """
                    import SwiftUI

                    struct \(file): View {
                        let role: ButtonRole?
                        var body: some View {
                            let go = Button("Go", role: role) { }.controlSize(.large)
                            HStack {
                                go.buttonStyle(.bordered)
                            }
                        }
                    }
                    """,
                    ["6:18 Button Button.style=bordered inherited? role=role in[HStack] \(file).body"]
                )
            case 4:
                return (
                    """
                    import OUDS

                    struct \(file): View {
                        let model: Model
                        var body: some View {
                            OUDSButton(text: "Pay", appearance: model.appearance) { }
                        }
                    }
                    """,
                    ["6:9 OUDSButton OUDSButton.appearance=model.appearance dynamic \(file).body"]
                )
            case 5:
                return (
                    """
                    import DesignFoundation

                    struct DFButton: View {
                        var body: some View { Text("mine") }
                    }
                    let mine = DFButton()
                    """,
                    []
                )
            case 6:
                return (
                    """
                    import DesignFoundation
                    import SwiftUI

                    #Preview("Light") {
                        DFButton("Save") { }
                    }

                    #Preview {
                        DFButton("Save") { }
                    }
                    """,
                    [
                        "5:5 DFButton DFButton.style=filled default -.#Preview(\"Light\")",
                        "9:5 DFButton DFButton.style=filled default -.#Preview at line 8",
                    ]
                )
            default:
                return (
                    """
                    import SwiftUI

                    struct \(file): View {
                        var body: some View {
                            #if os(iOS)
                            if #available(iOS 26, *) {
                                Button("Glass") { }
                                    .buttonStyle(.glass)
                                    .tint(.orange)
                            }
                            #endif
                        }
                    }
                    """,
                    ["7:13 Button Button.style=glass tint=.orange available[iOS 26,#if os(iOS)] \(file).body"]
                )
            }
        }

        /// A site as one line: place, component, spec.axis=option and what else it carries.
        static func line(_ site: UsageSite) -> String {
            var parts = ["\(site.line):\(site.column) \(site.component)"]
            if let spec = site.spec { parts.append("\(spec).\(site.axis ?? "")=\(site.option ?? "")") }
            if site.dynamic { parts.append("dynamic") }
            if site.defaulted { parts.append("default") }
            if let role = site.role { parts.append("role=\(role)") }
            if let role = site.arguments["role"] { parts.append("inherited? role=\(role)") }
            if let tint = site.arguments["tint"] { parts.append("tint=\(tint)") }
            if !site.containers.isEmpty { parts.append("in[\(site.containers.joined(separator: ","))]") }
            if !site.availability.isEmpty { parts.append("available[\(site.availability.joined(separator: ","))]") }
            parts.append("\(site.enclosingType ?? "-").\(site.enclosingBody ?? "-")")
            return parts.joined(separator: " ")
        }

        @Test func everyRecordOfAThirtyTwoFileAppIsRight() throws {
            let directory = try TemporaryDirectory()
            let sources = directory.url.appending(path: "Shop/Sources/Shop")
            var expected: [String: [String]] = [:]
            for index in 0..<32 {
                let folder = sources.appending(path: "Feature\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let (source, records) = Self.feature(index)
                try Data(source.utf8).write(to: folder.appending(path: "Screen\(index).swift"))
                expected["Shop/Sources/Shop/Feature\(index)/Screen\(index).swift"] = records
            }
            let scanner = ProjectScanner(scanner: SourceScanner(vocabulary: try seededVocabulary()))
            let listing = try ProjectScanner.swiftFiles(under: [directory.path("Shop")], root: directory.url.path)
            #expect(listing.files.count == 32)
            let results = scanner.scan(files: listing.files, known: [:])
            #expect(results.allSatisfy { $0.warning == nil }, "\(results.compactMap(\.warning))")
            for result in results {
                #expect(result.sites.map(Self.line) == expected[result.path], "\(result.path)")
            }
            #expect(results.flatMap(\.sites).count == 4 * 2 + 4 + 4 * 2 + 4 + 4 + 0 + 4 * 2 + 4)
        }
    }
#endif
