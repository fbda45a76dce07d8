import CatalogModel
import CatalogStore
import Foundation
import SQLite

extension ChangesetFile {
    /// A readable rendering of the same changes, for people and doc generators
    /// (`catalog export-changeset --format json`): the header, then each revision with
    /// its row changes as `{table, operation, key, old, new}`, columns by name.
    package func readableJSON(columns: (String) throws -> [String], decode: (Data) throws -> [ChangesetChange]) throws
        -> JSON
    {
        var revisionsJSON: [JSON] = []
        for (revision, changeset) in revisions {
            var changesJSON: [JSON] = []
            for change in try decode(changeset) {
                let names = try columns(change.table)
                func object(_ values: [SQLValue?]) -> JSON {
                    .object(zip(names, values).compactMap { name, value in value.map { (name, Self.json($0)) } })
                }
                let key = zip(names, change.primaryKey).enumerated().compactMap { index, pair in
                    pair.1
                        ? (
                            pair.0,
                            Self.json((change.operation == .insert ? change.new[index] : change.old[index]) ?? .null)
                        ) : nil
                }
                var members: [(String, JSON)] = [
                    ("table", .string(change.table)), ("operation", .string(change.operation.rawValue)),
                    ("key", .object(key)),
                ]
                if change.operation != .insert { members.append(("old", object(change.old))) }
                if change.operation != .delete { members.append(("new", object(change.new))) }
                changesJSON.append(.object(members))
            }
            guard case .object(var members) = revision.json.kind else { continue }
            members.append(("changes", .array(changesJSON)))
            revisionsJSON.append(JSON(.object(members)))
        }
        guard case .object(var members) = header.kind else { return header }
        members.removeAll { $0.key == "revisions" }
        members.append(("revisions", .array(revisionsJSON)))
        return JSON(.object(members))
    }

    static func json(_ value: SQLValue) -> JSON {
        switch value {
        case .null: return .null
        case .integer(let number): return .number(Double(number))
        case .real(let number): return .number(number)
        case .text(let text): return .string(text)
        case .blob(let data): return .string("base64:" + data.base64EncodedString())
        }
    }
}
