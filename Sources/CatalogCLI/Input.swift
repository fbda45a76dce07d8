import Foundation

/// What the CLI adds to reading documents (``DocumentFiles``): a default theme name from
/// a file's.
enum Input {
    /// The file name without folders and JSON suffixes, for a default theme name.
    static func stem(of name: String) -> String {
        var stem = (name as NSString).lastPathComponent
        for suffix in [".json", ".tokens", ".style", ".spec"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return stem
    }
}
