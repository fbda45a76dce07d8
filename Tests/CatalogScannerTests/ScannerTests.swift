#if canImport(CatalogScanner)
    import CatalogModel
    import CatalogResources
    import CatalogScanner
    import CatalogStore
    import CatalogUsage
    import Foundation
    import Testing

    /// An in-memory catalog holding the seeds.
    func seededRepository() throws -> Repository {
        let repository = try Repository(path: ":memory:", mode: .createIfMissing)
        _ = try repository.write { transaction in
            try repository.seed(EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) }, in: transaction)
        }
        return repository
    }

    /// The vocabulary of the seeded specs.
    func seededVocabulary() throws -> UsageVocabulary {
        UsageVocabulary(specs: try seededRepository().allSpecVersions())
    }

    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    func scan(_ name: String) throws -> [UsageSite] {
        let source = try String(contentsOf: fixtures.appending(path: "App/\(name)"), encoding: .utf8)
        return SourceScanner(vocabulary: try seededVocabulary()).scan(source: source, file: name)
    }

    /// A site as one line, for assertions: place, component, spec.axis=option with flags,
    /// role, disabled, arguments, containers, availability, enclosing type and body.
    func describe(_ site: UsageSite) -> String {
        var parts = ["\(site.line):\(site.column) \(site.component)"]
        if let spec = site.spec { parts.append("\(spec).\(site.axis ?? "")=\(site.option ?? "")") }
        if site.inherited { parts.append("inherited") }
        if site.defaulted { parts.append("default") }
        if let role = site.role { parts.append("role=\(role)") }
        if site.disabled { parts.append("disabled") }
        if !site.arguments.isEmpty {
            parts.append(
                site.arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        }
        if !site.containers.isEmpty { parts.append("in[\(site.containers.joined(separator: ","))]") }
        if !site.availability.isEmpty { parts.append("available[\(site.availability.joined(separator: ","))]") }
        parts.append("\(site.enclosingType ?? "-").\(site.enclosingBody ?? "-")")
        return parts.joined(separator: " ")
    }

    @Suite struct ScannerTests {
        @Test func designFoundationSamples() throws {
            #expect(
                try scan("DFButtonSamples.swift").map(describe) == [
                    "8:9 DFButton DFButton.style=filled default SettingsView.body",
                    "10:9 DFButton DFButton.style=outlined SettingsView.body",
                    "14:13 DFButton DFButton.style=tinted inherited in[VStack] SettingsView.body",
                    "15:13 DFButton DFButton.style=tinted inherited in[VStack] SettingsView.body",
                    "19:9 DFButton DFButton.style=filled role=destructive SettingsView.body",
                    "22:9 DFButton DFButton.style=filled default disabled disabled=!formIsValid SettingsView.body",
                    "26:13 DFButton DFButton.style=glass available[iOS 26,macOS 26] SettingsView.body",
                    "30:9 DFButton DFButton.style=capsule SettingsView.body",
                    "39:17 DFButton DFButton.style=ghost inherited in[HStack,VStack] Onboarding.body",
                    "41:13 DFButton DFButton.style=filled in[VStack] Onboarding.body",
                    "43:13 DFButton DFButton.style=filled in[VStack] Onboarding.body",
                    "47:9 DFButton DFButton.style=glass Onboarding.body",
                ])
        }

        @Test func trickySyntaxFindsOnlyRealCalls() throws {
            #expect(
                try scan("Tricky.swift").map(describe) == [
                    // `.myButton`, declared in the file for MyButtonStyle: the type it makes.
                    "23:9 Button Button.style=MyButtonStyle role=cancel Custom.body",
                    "26:9 Button Button.style=borderedProminent available[#if os(iOS)] Custom.body",
                    "31:17 Button Button.style=bordered inherited in[ForEach,List] Custom.body",
                ])
        }

        @Test func oudsAndButtonVariantStyle() throws {
            #expect(
                try scan("OUDSAndVariants.swift").map(describe) == [
                    "6:9 OUDSButton OUDSButton.appearance=strong icon=Image(\"ic_heart\"),isFullWidth=true,text=\"Validate\" Checkout.body",
                    "7:9 OUDSButton OUDSButton.appearance=strong text=\"Next\" Checkout.body",
                    "8:9 OUDSButton OUDSButton.appearance=default default style=.loading,text=\"Delete\" Checkout.body",
                    "11:17 OUDSButton OUDSButton.appearance=negative text=\"Delete\" in[VStack,OUDSColoredSurface] Checkout.body",
                    "19:9 Button ButtonVariantStyle.variant=filled color=.orange Variants.body",
                    "22:13 Button ButtonVariantStyle.variant=tinted controlSize=.small,systemImage=\"bookmark\" in[HStack] Variants.body",
                    "26:9 Button ButtonVariantStyle.variant=filled disabled Variants.body",
                ])
        }

        @Test func referencePageSamples() throws {
            #expect(
                try scan("ReferenceSamples.swift").map(describe) == [
                    "7:9 Button Button.style=automatic BuiltInStyles.body",
                    "10:9 Button Button.style=plain BuiltInStyles.body",
                    "13:9 Button Button.style=bordered BuiltInStyles.body",
                    "16:9 Button Button.style=borderedProminent BuiltInStyles.body",
                    "19:9 Button Button.style=borderless BuiltInStyles.body",
                    "22:9 Button Button.style=myPrimitiveButton role=destructive BuiltInStyles.body",
                    "32:9 OUDSButton OUDSButton.appearance=default accessibilityLabel=\"Like\",icon=Image(\"ic_heart\") OUDSSamples.body",
                    "33:9 OUDSButton OUDSButton.appearance=negative style=.default,text=\"Delete\" OUDSSamples.body",
                    "34:9 OUDSButton OUDSButton.appearance=strong bundle=Bundle.module OUDSSamples.body",
                    "35:9 OUDSButton OUDSButton.appearance=default default flipIcon=layoutDirection == .rightToLeft,icon=Image(systemName: \"figure.handball\"),text=\"Button\" OUDSSamples.body",
                ])
        }
    }
#endif
