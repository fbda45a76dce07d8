import CatalogChanges
import CatalogMCP
import CatalogModel
import CatalogOperations

/// `changes`: what changed between two versions of a theme, spec or style, or two
/// revisions of the catalog, bounded and paged, with the call sites it reaches.
extension CatalogTools {
    /// What changed, bounded: a theme's token changes a page at a time (`limit`, default
    /// ``changesPage``; `cursor` for the next), filtered by `kind` and `path` prefix, with
    /// the counts of all of them first; a catalog diff gives each theme's full diff only
    /// where it fits in a page, else its summary and the theme query that pages through it.
    func changes(_ arguments: JSON) throws -> MCPToolResult {
        let from = arguments.argument("from") ?? ""
        let to = arguments.argument("to")
        let limit = arguments.count("limit", default: Self.changesPage)
        if from.contains("@") {
            let left = try Self.parse(from)
            let right = try to.map(Self.parse) ?? VersionedName(name: left.name)
            guard left.name == right.name else {
                throw RequestError("changes compares two versions of one theme, not \(left.name) and \(right.name)")
            }
            if try !catalog.themes().contains(where: { $0.name == left.name }) {
                return try documentChanges(left, right, limit: limit)
            }
            let report = try catalog.impact(of: left.name, from: left, to: right, project: nil)
            let (full, impact) = (report.diff, report.impact)
            let filtered = full.filtered(kind: arguments.argument("kind"), path: arguments.argument("path"))
            let total = filtered.entries.count + filtered.resolved.count
            var query = arguments
            query.kind = .object((arguments.object ?? []).filter { $0.key != "cursor" })
            let key = "changes " + query.serialized()
            let offset = try MCPCursor.offset(of: arguments.argument("cursor"), query: key, count: total)
            var page = filtered
            page.entries = Array(filtered.entries.dropFirst(offset).prefix(limit))
            let resolvedOffset = max(0, offset - filtered.entries.count)
            page.resolved = Array(
                filtered.resolved.dropFirst(resolvedOffset).prefix(max(0, limit - page.entries.count)))
            let next = MCPCursor.next(after: offset, limit: limit, count: total, query: key)
            let shown = page.entries.count + page.resolved.count
            var text = DiffRendering.text(page, impact: impact)
            if shown < total || offset > 0 {
                text +=
                    "\nChanges \(offset + 1)–\(offset + shown) of \(total)"
                    + (next.map { "; the next page: cursor \($0)" } ?? "")
            }
            var members: [(String, JSON)] = [
                ("kind", .string("theme")), ("total", .number(Double(total))),
                ("offset", .number(Double(offset))), ("returned", .number(Double(shown))),
                ("summary", full.json(impact: nil)["summary"] ?? .null),
                ("diff", page.json(impact: impact)),
            ]
            if let next { members.append(("nextCursor", .string(next))) }
            let sites = Self.callSites(report.callSites, limit: limit)
            members.append(("callSites", sites.json))
            return MCPToolResult(text: text + sites.text, structured: .object(members))
        }
        let (diff, fromRevision, toRevision) = try catalog.diff(from: from, to: to)
        let label = { (revision: Revision?) in revision.map { "#\($0.sequence)" } ?? "the empty catalog" }
        var json = DiffCommand.json(diff)
        // A theme diff past a page is summarized, with the query that pages through it.
        var summarized: [String] = []
        if case .object(var members) = json.kind, let index = members.firstIndex(where: { $0.key == "themes" }) {
            let themes = (members[index].value.array ?? []).map { theme -> JSON in
                guard let diff = theme["diff"], let name = theme["name"]?.string,
                    let fromVersion = theme["from"]?.string, let toVersion = theme["to"]?.string,
                    let count = diff["summary"]?.object?.reduce(0, { $0 + Int($1.value.number ?? 0) }),
                    count > limit
                else { return theme }
                summarized.append(name)
                var kept = (theme.object ?? []).filter { $0.key != "diff" && $0.key != "changes" }
                kept.append(("changeCount", .number(Double(count))))
                kept.append(
                    (
                        "diff",
                        .object(
                            (diff.object ?? []).filter {
                                ["format", "from", "to", "breaking", "summary"].contains($0.key)
                            }
                        )
                    ))
                kept.append(
                    (
                        "more",
                        .string(
                            "\(count) token changes: ask changes with from \(name)@\(fromVersion) and to \(name)@\(toVersion), a page at a time"
                        )
                    ))
                return .object(kept)
            }
            members[index].value = .array(themes)
            json = .object(members)
        }
        return MCPToolResult(
            text: "Catalog diff \(label(fromRevision)) → \(label(toRevision)): \(diff.level)"
                + diff.themes.map { theme in
                    summarized.contains(theme.name)
                        ? "\ntheme \(theme.name): \(theme.changes.count) changes; changes \(theme.name)@\(theme.from?.description ?? "?") \(theme.name)@\(theme.to?.description ?? "?") pages through them"
                        : "\ntheme \(theme.name): "
                            + theme.changes.map { "\($0.level) \($0.message)" }.joined(separator: "; ")
                }.joined()
                + diff.documents.map { document in
                    "\n\(document.kind) \(document.name): "
                        + document.changes.map { "\($0.level) \($0.message)" }.joined(separator: "; ")
                }.joined(),
            structured: .object([
                ("kind", .string("catalog")), ("from", fromRevision.map { .string($0.id) } ?? .null),
                ("to", .string(toRevision.id)), ("diff", json),
            ]))
    }

    /// The call sites and reached tokens `usage` lists by default.
    static let usageLimit = 100

    /// The token changes of one page of `changes`.
    static let changesPage = 50

    /// `changes` between two versions of a spec or a style, as `spec diff` and `style diff`
    /// classify them, with the call sites of the spec's component or the style.
    func documentChanges(_ left: VersionedName, _ right: VersionedName, limit: Int) throws -> MCPToolResult {
        let (kind, compared, callSites) = try catalog.publishedDocumentChanges(left, right)
        let check = compared.check
        let sites = Self.callSites(callSites, limit: limit)
        var text =
            "\(kind) \(compared.name) \(check.previous) → \(check.version): \(compared.changes.count) change\(compared.changes.count == 1 ? "" : "s"), \(check.level)"
        text += compared.changes.map { "\n  \($0.level)  \($0.message)" }.joined()
        return MCPToolResult(
            text: text + sites.text,
            structured: .object([
                ("kind", .string(kind.rawValue)), ("name", .string(compared.name)),
                ("from", .string(check.previous.description)), ("to", .string(check.version.description)),
                ("level", .string(check.level.description)),
                ("suggestedVersion", .string(check.suggestedVersion.description)),
                ("changes", .array(compared.changes.map(\.json))), ("callSites", sites.json),
            ]))
    }

    /// Call sites reached, bounded: the count, and the first `limit` as `file:line:column`.
    static func callSites(_ sites: [UsageSite], limit: Int) -> (json: JSON, text: String) {
        let shown = sites.prefix(limit)
        let json = JSON.object([
            ("total", .number(Double(sites.count))),
            ("sites", .array(shown.map { .string($0.place) })),
        ])
        guard !sites.isEmpty else { return (json, "\nCall sites: none recorded (catalog usage scan records them)") }
        let more = sites.count > shown.count ? " (first \(shown.count))" : ""
        return (json, "\nCall sites, \(sites.count)\(more): " + shown.map(\.place).joined(separator: ", "))
    }
}
