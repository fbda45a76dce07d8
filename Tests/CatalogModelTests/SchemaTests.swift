import CatalogModel
import CatalogResources
import Foundation
import TestSupport
import Testing

@Suite struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func schema(_ name: String) throws -> JSONSchemaValidator {
        let data = try Data(contentsOf: root.appending(path: "Schemas/\(name)"))
        return JSONSchemaValidator(root: try JSONParser.parse(data, file: name))
    }

    @Test func everySeedValidatesAgainstItsSchema() throws {
        let validators = [
            ".tokens.json": try Self.schema("tokens.schema.json"), ".style.json": try Self.schema("style.schema.json"),
            ".spec.json": try Self.schema("spec.schema.json"),
        ]
        var checked = 0
        for file in EmbeddedFile.seeds {
            guard let (suffix, validator) = validators.first(where: { file.path.hasSuffix($0.key) }) else { continue }
            let document = try JSONParser.parse(file.data, file: file.path)
            #expect(validator.validate(document) == [], "\(file.path)")
            let reference = try #require(document["$schema"]?.string, "\(file.path) names its schema")
            let schemaFile = Self.root.appending(path: "Seeds").appending(path: file.path).deletingLastPathComponent()
                .appending(path: reference).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: schemaFile.path), "\(file.path): \(reference)")
            #expect(schemaFile.lastPathComponent == "tokens.schema.json" || suffix != ".tokens.json")
            checked += 1
        }
        #expect(checked == 47)
        let capsule = try JSONParser.parse(
            try Data(contentsOf: Self.root.appending(path: "Examples/capsule.json")), file: "capsule.json")
        #expect(try Self.schema("style.schema.json").validate(capsule) == [])
    }

    @Test func schemasRejectWhatTheReadersReject() throws {
        let style = try Self.schema("style.schema.json")
        let bad = try JSONParser.parse(
            #"{ "name": "x", "version": "1.0", "component": "C", "protocol": "P", "shape": { "kind": "blob" }, "colour": 1 }"#,
            file: "x")
        let errors = style.validate(bad)
        #expect(
            errors.contains(
                "$.version: \"1.0\" does not match ^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$"
            ))
        #expect(errors.contains { $0.hasPrefix("$.shape.kind: \"blob\" is not one of") })
        #expect(errors.contains("$.colour: unexpected property"))
        let tokens = try Self.schema("tokens.schema.json")
        #expect(
            !tokens.validate(try JSONParser.parse(##"{ "a": { "$type": "colour", "$value": "#fff" } }"##, file: "t"))
                .isEmpty)
        #expect(
            tokens.validate(
                try JSONParser.parse(
                    ##"{ "a": { "b": { "$type": "color", "$value": "#fff", "component": "x" } } }"##, file: "t")) == [])
    }
}
