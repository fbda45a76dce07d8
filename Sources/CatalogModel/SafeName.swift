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
