import Foundation

/// JSON Pointer fragments (`#/sets/base`, RFC 6901) as DTCG's `$ref` and a resolver
/// document's references write them: split into segments, and followed into a value.
public enum JSONPointer {
    /// The segments of a JSON Pointer `#/a/b~1c` (RFC 6901), or `nil` when it is not one.
    public static func segments(_ pointer: String) -> [String]? {
        guard pointer.hasPrefix("#") else { return nil }
        let body = pointer.dropFirst()
        if body.isEmpty { return [] }
        guard body.hasPrefix("/") else { return nil }
        return body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// Follows segments into a JSON value (object keys, array indices).
    public static func descend(_ value: JSON, _ segments: ArraySlice<String>) -> JSON? {
        var current = value
        for segment in segments {
            if let members = current.object, let member = members.first(where: { $0.key == segment }) {
                current = member.value
            } else if let elements = current.array, let index = Int(segment), elements.indices.contains(index),
                String(index) == segment
            {
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }
}
