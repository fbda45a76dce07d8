// A stand-in for the parts of AppKit that generated packages use (see SwiftUI.swift): real
// signatures and availability attributes, bodies that do nothing.
import Foundation

@available(macOS 10.0, *)
open class NSColor: @unchecked Sendable {
    @available(macOS 10.12, *)
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    @available(macOS 10.12, *)
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    @available(macOS 10.15, *)
    public init(name colorName: String?, dynamicProvider: @escaping @Sendable (NSAppearance) -> NSColor) {}
}

@available(macOS 10.9, *)
open class NSAppearance: @unchecked Sendable {
    public struct Name: Hashable, Sendable {
        @available(macOS 10.9, *)
        public static let aqua = Name()
        @available(macOS 10.14, *)
        public static let darkAqua = Name()
        @available(macOS 10.14, *)
        public static let accessibilityHighContrastAqua = Name()
        @available(macOS 10.14, *)
        public static let accessibilityHighContrastDarkAqua = Name()
    }

    @available(macOS 10.14, *)
    open func bestMatch(from appearances: [NSAppearance.Name]) -> NSAppearance.Name? { nil }
}
