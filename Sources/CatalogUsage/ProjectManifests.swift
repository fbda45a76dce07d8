import CatalogModel
import CatalogSystem
import Foundation

/// What `usage scan` reads of a project's deployment targets: the `platforms:` of a Swift
/// package's manifest, or the deployment targets of an Xcode project.
public enum ProjectManifests {
    /// The targets declared in `folder`: its `Package.swift`, else the first
    /// `*.xcodeproj` in it (by name); `nil` when neither says.
    public static func targets(in folder: String) -> [DeploymentTarget]? {
        if let text = text(at: folder + "/Package.swift"), let targets = packageTargets(text) {
            return targets
        }
        let projects = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".xcodeproj")
        }.sorted()
        for project in projects {
            let path = folder + "/" + project + "/project.pbxproj"
            if let text = text(at: path), let targets = xcodeTargets(text) {
                return targets
            }
        }
        return nil
    }

    /// A manifest's text: a regular UTF-8 file of at most 32 MB (a FIFO or a device named
    /// like one is not waited on).
    static func text(at path: String) -> String? {
        BoundedRead.regularFile(atPath: path, limit: 32 << 20).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The `platforms:` list of a package manifest (`.iOS(.v17)`, `.macOS(.v10_15)`,
    /// `.iOS("17.4")`), or `nil` when it has none.
    public static func packageTargets(_ text: String) -> [DeploymentTarget]? {
        guard let start = text.range(of: "platforms:") else { return nil }
        // The list runs to the bracket that closes the one after `platforms:`.
        let rest = text[start.upperBound...]
        guard let open = rest.firstIndex(of: "[") else { return nil }
        var depth = 0
        var end = rest.endIndex
        for index in rest[open...].indices {
            if rest[index] == "[" { depth += 1 }
            if rest[index] == "]" {
                depth -= 1
                if depth == 0 {
                    end = index
                    break
                }
            }
        }
        let list = rest[open..<end]
        var targets: [DeploymentTarget] = []
        for platform in Linter.platformNames {
            guard let found = list.range(of: "." + platform + "(") else { continue }
            let argument = list[found.upperBound...].prefix { $0 != ")" }.trimmingCharacters(in: .whitespaces)
            var version: [Int]?
            if argument.hasPrefix(".v") {
                version = DeploymentTarget.version(argument.dropFirst(2).replacingOccurrences(of: "_", with: "."))
            } else if argument.hasPrefix("\""), argument.hasSuffix("\""), argument.count >= 2 {
                version = DeploymentTarget.version(argument.dropFirst().dropLast())
            }
            targets.append(DeploymentTarget(platform: platform, version: version))
        }
        return targets.isEmpty ? nil : targets
    }

    /// An Xcode project's platforms (`SDKROOT`, `SUPPORTED_PLATFORMS`) with each one's
    /// lowest deployment target (`IPHONEOS_DEPLOYMENT_TARGET = 26.0;`) over its targets
    /// and configurations; `nil` when it names none.
    public static func xcodeTargets(_ text: String) -> [DeploymentTarget]? {
        let sdks: [(sdk: String, platform: String, setting: String)] = [
            ("iphoneos", "iOS", "IPHONEOS_DEPLOYMENT_TARGET"), ("macosx", "macOS", "MACOSX_DEPLOYMENT_TARGET"),
            ("appletvos", "tvOS", "TVOS_DEPLOYMENT_TARGET"), ("watchos", "watchOS", "WATCHOS_DEPLOYMENT_TARGET"),
            ("xros", "visionOS", "XROS_DEPLOYMENT_TARGET"),
        ]
        var named: Set<String> = []
        var versions: [String: [DeploymentTarget]] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t;\""))
            }
            guard parts.count == 2 else { continue }
            let (key, value) = (parts[0], parts[1])
            if key == "SDKROOT" || key == "SUPPORTED_PLATFORMS" {
                for word in value.split(separator: " ") {
                    if let sdk = sdks.first(where: { $0.sdk == word }) { named.insert(sdk.platform) }
                }
            } else if let sdk = sdks.first(where: { $0.setting == key }) {
                versions[sdk.platform, default: []].append(
                    DeploymentTarget(platform: sdk.platform, version: DeploymentTarget.version(value)))
            }
        }
        let platforms = named.isEmpty ? Set(versions.keys) : named
        let targets = DeploymentTarget.merged(
            platforms.flatMap { versions[$0] ?? [DeploymentTarget(platform: $0)] })
        return targets.isEmpty ? nil : targets
    }
}
