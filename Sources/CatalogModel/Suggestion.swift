/// "Did you mean" suggestions: the closest candidate by edit distance, when close enough.
public enum Suggestion {
    /// The candidate nearest to `word`, if within a third of its length (at least 1,
    /// at most 3 edits), or one that `word` is a prefix of.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = min(3, max(1, word.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let score = distance(word, candidate)
            guard score <= limit else { continue }
            if let current = best,
                current.distance < score || (current.distance == score && current.candidate < candidate)
            {
                continue
            }
            best = (candidate, score)
        }
        if let best { return best.candidate }
        let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 2 }.sorted()
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Edit distance between two strings by Unicode scalar, counting an insertion, a
    /// deletion, a substitution or a swap of two neighbours as one edit (`inti` → `init`).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
