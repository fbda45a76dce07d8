/// A token value as a ``Token`` (or a ``ModeValue``) holds it in memory.
///
/// Most values an import reads are colors of 8-bit channels (`#rrggbb`, `#rrggbbaa`),
/// which the catalog stores as DTCG sRGB objects: five allocations, about 340 bytes each,
/// and 30 of the 97 MB a 100k-token import held at its peak. Such a color, in exactly the
/// canonical form ``Color/dtcg`` writes (and placed nowhere: built, not read), is held
/// here as its four channels and built again, equal member for member, when read. Every
/// other value is held as it is.
struct PackedValue: Sendable, Equatable {
    private enum Form: Sendable {
        case json(JSON)
        /// Red, green, blue and alpha, a byte each from the most significant.
        case rgba(UInt32)
    }

    private let form: Form

    /// `value`, packed when it is a canonical color of 8-bit channels.
    init(_ value: JSON) {
        form = Color.packedChannels(of: value).map(Form.rgba) ?? .json(value)
    }

    /// The value, as it was given.
    var json: JSON {
        switch form {
        case .json(let value): return value
        case .rgba(let channels): return Color.canonical(packed: channels)
        }
    }

    /// The alias target when the value is an alias (a packed color is none: not built).
    var aliasTarget: String? {
        guard case .json(let value) = form else { return nil }
        return TokenValue.alias(in: value)
    }

    static func == (lhs: PackedValue, rhs: PackedValue) -> Bool {
        switch (lhs.form, rhs.form) {
        case (.rgba(let a), .rgba(let b)): return a == b
        case (.json(let a), .json(let b)): return a == b
        default: return lhs.json == rhs.json
        }
    }
}

extension Color {
    /// The channels of `value`, a byte each (red in the high byte), when `value` is exactly
    /// what ``dtcg`` writes for a color of 8-bit channels and carries no source location;
    /// else `nil`. ``canonical(packed:)`` builds it again.
    static func packedChannels(of value: JSON) -> UInt32? {
        guard value.location == SourceLocation(), case .object(let members) = value.kind, members.count == 4,
            members[0].key == "colorSpace", members[0].value == srgbName, members[0].value.location == SourceLocation(),
            members[1].key == "components", case .array(let components) = members[1].value.kind,
            components.count == 3, members[1].value.location == SourceLocation(),
            members[2].key == "alpha", members[3].key == "hex", members[3].value.location == SourceLocation(),
            let red = byte(of: components[0]), let green = byte(of: components[1]),
            let blue = byte(of: components[2]), let alpha = byte(of: members[2].value),
            case .string(let hex) = members[3].value.kind, hex == hexString(red, green, blue)
        else { return nil }
        return UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
    }

    /// The DTCG object of the color whose channels ``packedChannels(of:)`` packed.
    static func canonical(packed channels: UInt32) -> JSON {
        let red = UInt8(truncatingIfNeeded: channels >> 24)
        let green = UInt8(truncatingIfNeeded: channels >> 16)
        let blue = UInt8(truncatingIfNeeded: channels >> 8)
        return JSON(
            .object([
                (key: "colorSpace", value: srgbName),
                (
                    key: "components",
                    value: .array([
                        sharedComponents[Int(red)], sharedComponents[Int(green)], sharedComponents[Int(blue)],
                    ])
                ),
                (key: "alpha", value: sharedComponents[Int(UInt8(truncatingIfNeeded: channels))]),
                (key: "hex", value: .string(hexString(red, green, blue))),
            ]))
    }

    /// The channel whose shared component `value` is, bit for bit and unplaced.
    private static func byte(of value: JSON) -> UInt8? {
        guard case .number(let number) = value.kind, value.location == SourceLocation(), number >= 0, number <= 1
        else { return nil }
        let channel = Int((number * 255).rounded())
        guard sharedComponents[channel].number?.bitPattern == number.bitPattern else { return nil }
        return UInt8(channel)
    }
}
