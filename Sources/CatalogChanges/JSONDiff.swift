import CatalogModel

/// One leaf-level difference between two JSON values.
public struct PropertyChange: Sendable, Equatable, Comparable {
    /// `added`, `deleted` or `updated`.
    public enum ChangeType: String, Sendable {
        case added, deleted, updated
    }

    /// Dotted path to the leaf (`$value.components[0]`, `$extensions.catalog.modes.dark`).
    public var path: String
    /// Whether the leaf was added, deleted or updated.
    public var changeType: ChangeType
    /// The leaf before; `nil` when added.
    public var originalValue: JSON?
    /// The leaf after; `nil` when deleted.
    public var newValue: JSON?

    /// A change.
    public init(path: String, changeType: ChangeType, originalValue: JSON?, newValue: JSON?) {
        self.path = path
        self.changeType = changeType
        self.originalValue = originalValue
        self.newValue = newValue
    }

    public static func < (lhs: PropertyChange, rhs: PropertyChange) -> Bool { lhs.path < rhs.path }

    /// The same change seen from the other side.
    public var reversed: PropertyChange {
        let type: ChangeType = changeType == .added ? .deleted : changeType == .deleted ? .added : .updated
        return PropertyChange(path: path, changeType: type, originalValue: newValue, newValue: originalValue)
    }
}

/// Leaf-level differences between JSON documents: objects by key, arrays by index.
public enum JSONDiff {
    /// Every leaf that differs between `old` and `new`, sorted by path.
    public static func changes(from old: JSON?, to new: JSON?, path: String = "") -> [PropertyChange] {
        var result: [PropertyChange] = []
        collect(old, new, path, into: &result)
        return result.sorted()
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private static func collect(_ old: JSON?, _ new: JSON?, _ path: String, into result: inout [PropertyChange]) {
        switch (old, new) {
        case (nil, nil):
            return
        case (nil, let value?):
            result.append(PropertyChange(path: path, changeType: .added, originalValue: nil, newValue: value))
        case (let value?, nil):
            result.append(PropertyChange(path: path, changeType: .deleted, originalValue: value, newValue: nil))
        case (let a?, let b?):
            if a == b { return }
            if let left = a.object, let right = b.object {
                var keys = left.map(\.key)
                for key in right.map(\.key) where !keys.contains(key) { keys.append(key) }
                for key in keys { collect(a[key], b[key], join(path, key), into: &result) }
            } else if let left = a.array, let right = b.array {
                for index in 0..<max(left.count, right.count) {
                    collect(
                        index < left.count ? left[index] : nil, index < right.count ? right[index] : nil,
                        "\(path)[\(index)]", into: &result)
                }
            } else {
                result.append(PropertyChange(path: path, changeType: .updated, originalValue: a, newValue: b))
            }
        }
    }
}
