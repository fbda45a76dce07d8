import CatalogModel
import CatalogResources
import CatalogStore

/// What the catalog carries inside its binary: the seeds `catalog seed` publishes, and
/// the JSON Schemas of its documents `catalog schema` prints.
public enum EmbeddedDocuments {
    /// The embedded seeds (themes, styles and specs of the first design systems).
    public static var seeds: [SeedFile] { EmbeddedFile.seeds.map { SeedFile(path: $0.path, data: $0.data) } }

    /// The embedded schemas by name (`style` for `style.schema.json`), with their `$id`.
    public static var schemas: [(name: String, id: String, text: String)] {
        EmbeddedFile.schemas.compactMap { file in
            guard file.path.hasSuffix(".schema.json"), let text = file.text,
                let id = (try? JSONParser.parse(text, file: file.path))?["$id"]?.string
            else { return nil }
            return (String(file.path.dropLast(".schema.json".count)), id, text)
        }
    }
}
