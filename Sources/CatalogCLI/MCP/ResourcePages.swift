import Foundation

/// Markdown documentation pages cut to what an agent can read at once. A page over
/// ``budget`` bytes (Spectrum's theme page is 361 KB) keeps its head and, per `## `
/// section, the first ``previewRows`` rows of the section's table with where the rest
/// is; the rest comes as pages of ``pageRows`` rows at `URI/SECTION/PAGE`
/// (`catalog://themes/Spectrum/dimensions/2`), each with the section's table header.
/// Pages under the budget are served whole.
enum ResourcePages {
    /// The most bytes a page is served whole: about 15,000 tokens.
    static let budget = 60_000
    /// Rows of each section's table the cut page keeps.
    static let previewRows = 20
    /// Rows of a section page.
    static let pageRows = 200

    /// One section of a page: its heading, the lines before its table rows (text, the
    /// table header), the rows, and the lines after them.
    struct Section {
        var heading: String
        var head: [String] = []
        var rows: [String] = []
        var tail: [String] = []

        /// `dimensions` for `## Dimensions (1396)`, `font-family` for `## Font family (18)`.
        var slug: String {
            let title = heading.dropFirst(3).prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
            return title.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        }
    }

    /// `text` served at `uri`: itself when within the budget, else the cut page and the
    /// section pages by URI.
    static func split(_ text: String, uri: String) -> (page: String, more: [String: String]) {
        guard text.utf8.count > budget else { return (text, [:]) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var intro: [String] = []
        var sections: [Section] = []
        for line in lines {
            if line.hasPrefix("## ") {
                sections.append(Section(heading: line))
            } else if sections.isEmpty {
                intro.append(line)
            } else if line.hasPrefix("| "), sections[sections.count - 1].head.contains(where: { $0.hasPrefix("|---") }),
                sections[sections.count - 1].tail.isEmpty
            {
                sections[sections.count - 1].rows.append(line)
            } else if sections[sections.count - 1].rows.isEmpty {
                sections[sections.count - 1].head.append(line)
            } else {
                sections[sections.count - 1].tail.append(line)
            }
        }
        var page = intro
        var more: [String: String] = [:]
        page.append(
            "This page is cut to \(previewRows) rows a section; each section's rows come \(pageRows) a page at the resources named below, and get_token answers one token."
        )
        page.append("")
        for section in sections {
            page.append(section.heading)
            page += section.head
            page += section.rows.prefix(previewRows)
            if !section.rows.isEmpty {
                let count = (section.rows.count + pageRows - 1) / pageRows
                page.append("")
                page.append(
                    "\(section.rows.count) rows in all, \(pageRows) a page: \(uri)/\(section.slug)/1"
                        + (count > 1 ? " … \(uri)/\(section.slug)/\(count)" : "") + "."
                )
                for number in 1...count {
                    let rows = section.rows.dropFirst((number - 1) * pageRows).prefix(pageRows)
                    more["\(uri)/\(section.slug)/\(number)"] =
                        ([lines.first ?? "", "", "\(section.heading) — page \(number) of \(count)"] + section.head
                        + rows + [""]).joined(separator: "\n")
                }
            }
            page += section.tail
        }
        return (page.joined(separator: "\n"), more)
    }
}
