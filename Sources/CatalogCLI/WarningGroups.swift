import CatalogModel

/// Warnings said once per kind: an import of a real tree gave hundreds of lines that
/// say one thing of one token each (237 for Workday Canvas, most from one folder). Two
/// warnings are of one kind when their messages are the same once the token they are on,
/// the references and quoted names they cite and their numbers are set aside. The first
/// of each kind is printed with a count of the rest; `--verbose` prints every one.
enum WarningGroups {
    /// The warnings in first-appearance order of their kind, each kind's first with how
    /// many more there are of it.
    static func grouped(_ warnings: [Diagnostic]) -> [(first: Diagnostic, more: Int)] {
        var order: [String] = []
        var groups: [String: (first: Diagnostic, more: Int)] = [:]
        for warning in warnings {
            let key = kind(of: warning)
            if let group = groups[key] {
                groups[key] = (group.first, group.more + 1)
            } else {
                order.append(key)
                groups[key] = (warning, 0)
            }
        }
        return order.map { groups[$0]! }
    }

    /// What a warning says, without the token it is on (its message's leading path, the
    /// one its JSON path spells), the `{references}` and `"names"` it cites, or numbers.
    static func kind(of warning: Diagnostic) -> String {
        var message = Substring(warning.message)
        if let path = warning.path {
            var index = message.startIndex
            while let space = message[index...].firstIndex(of: " ") {
                if JSONPath.isSpelling(path, of: String(message[..<space])) {
                    message = message[space...]
                    break
                }
                index = message.index(after: space)
            }
        }
        var kind = ""
        var skipping: Character?
        for character in message {
            if let end = skipping {
                if character == end { skipping = nil }
                continue
            }
            switch character {
            case "{":
                kind += "{…}"
                skipping = "}"
            case "\"":
                kind += "\"…\""
                skipping = "\""
            case _ where character.isNumber:
                if kind.last != "#" { kind += "#" }
            default:
                kind.append(character)
            }
        }
        return kind
    }
}
