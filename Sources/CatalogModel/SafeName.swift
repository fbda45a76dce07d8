import Foundation

/// File names derived from catalog names, one rule for every export: only letters,
/// digits, `.`, `-` and `_`, never starting with a dot, at most 100 characters, never a
/// name Windows reserves, so nothing can be written outside the export folder (or fail
/// on another system) whatever a name holds.
public enum SafeName {
    /// The file-name-safe form of `name`.
    public static func file(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let allowed =
                scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
            result.unicodeScalars.append(allowed ? scalar : "-")
        }
        while result.hasPrefix(".") || result.hasPrefix("-") { result.removeFirst() }
        if result.count > 100 { result = String(result.prefix(100)) }
        if isReservedOnWindows(result) { result = "_" + result }
        return result.isEmpty ? "unnamed" : result
    }

    /// `name` as a file name's stem when it fits file systems' 255 bytes with room for a
    /// suffix: itself up to `limit` UTF-8 bytes, else cut at a character and followed by
    /// `-` and 16 hex digits of its SHA-256, so that two long names stay apart and the
    /// same name always gives the same file.
    public static func shortened(_ name: String, limit: Int = 200) -> String {
        guard name.utf8.count > limit else { return name }
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= limit - 17 else { break }
            kept.append(character)
        }
        return kept + "-" + SHA256.hex(Data(name.utf8)).prefix(16)
    }

    /// Whether Windows reserves `name` as a device (`CON`, `PRN`, `AUX`, `NUL`, `COM1`–`COM9`,
    /// `LPT1`–`LPT9`, in any case, with or without an extension): no file may be named so.
    public static func isReservedOnWindows(_ name: String) -> Bool {
        let stem =
            name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map {
                $0.uppercased().trimmingCharacters(in: .whitespaces)
            } ?? ""
        if ["CON", "PRN", "AUX", "NUL"].contains(stem) { return true }
        guard stem.count == 4, let digit = stem.last, ("1"..."9").contains(digit) else { return false }
        return stem.hasPrefix("COM") || stem.hasPrefix("LPT")
    }
}
