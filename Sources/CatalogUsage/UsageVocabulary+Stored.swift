import CatalogModel
import Foundation

extension UsageVocabulary {
    /// The version of ``stored()``'s form and of the rules that draw a vocabulary from
    /// specs: part of the digest it is kept under, so that a catalog built by another
    /// version of the rules draws it again rather than reading an older one's.
    public static let storedFormat = 1

    /// The vocabulary as JSON, the same text for the same vocabulary, to keep beside the
    /// catalog (the token names are looked up by each scan and not kept).
    public func stored() throws -> String {
        let form = Stored(
            components: components.sorted(),
            modifiers: modifiers.map { Stored.Axis(name: $0.key, spec: $0.value.spec, axis: $0.value.axis) }
                .sorted { $0.name < $1.name },
            labels: labels, currentLabels: currentLabels.mapValues { $0.sorted() },
            factories: factories.map { Stored.Axis(name: $0.key, spec: $0.value.spec, axis: $0.value.axis) }
                .sorted { $0.name < $1.name },
            parameters: parameters.mapValues { $0.sorted() }, primaryAxis: primaryAxis, defaults: defaults,
            structs: structs.map {
                Stored.Option(name: $0.key, spec: $0.value.spec, axis: $0.value.axis, option: $0.value.option)
            }.sorted { $0.name < $1.name },
            modules: modules)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(form), as: UTF8.self)
    }

    /// The vocabulary ``stored()`` wrote; throws when `text` is not that form.
    public init(stored text: String) throws {
        let form = try JSONDecoder().decode(Stored.self, from: Data(text.utf8))
        self.init(specs: [])
        components = Set(form.components)
        modifiers = Dictionary(form.modifiers.map { ($0.name, ($0.spec, $0.axis)) }) { first, _ in first }
        labels = form.labels
        currentLabels = form.currentLabels.mapValues(Set.init)
        factories = Dictionary(form.factories.map { ($0.name, ($0.spec, $0.axis)) }) { first, _ in first }
        parameters = form.parameters.mapValues(Set.init)
        primaryAxis = form.primaryAxis
        defaults = form.defaults
        structs = Dictionary(form.structs.map { ($0.name, ($0.spec, $0.axis, $0.option)) }) { first, _ in first }
        modules = form.modules
    }

    /// The digest a vocabulary drawn from these spec versions is kept under: each
    /// version's spec, version and content hash, and ``storedFormat``.
    public static func digest(of versions: [(spec: String, version: String, contentHash: String)]) -> String {
        let lines = versions.map { "\($0.spec)\u{1F}\($0.version)\u{1F}\($0.contentHash)" }.sorted()
        return SHA256.hex(Data((["format \(storedFormat)"] + lines).joined(separator: "\n").utf8))
    }

    /// ``UsageVocabulary``'s fields in a form JSON holds (tuples as small records).
    private struct Stored: Codable {
        struct Axis: Codable {
            var name, spec, axis: String
        }
        struct Option: Codable {
            var name, spec, axis, option: String
        }
        var components: [String]
        var modifiers: [Axis]
        var labels: [String: [String: String]]
        var currentLabels: [String: [String]]
        var factories: [Axis]
        var parameters: [String: [String]]
        var primaryAxis: [String: String]
        var defaults: [String: String]
        var structs: [Option]
        var modules: [String: String]
    }
}
