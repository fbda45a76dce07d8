import CCrypto
import Foundation

/// SHA-256 from the system's libcrypto: content hashes of documents, revisions,
/// migrations and changesets.
public enum SHA256 {
    /// The 32-byte digest of `data`.
    public static func digest(_ data: some DataProtocol) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(data)
        bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                _ = CCrypto.SHA256(input.baseAddress, input.count, out.baseAddress)
            }
        }
        return output
    }

    /// The digest of `data` as 64 lowercase hex digits.
    public static func hex(_ data: some DataProtocol) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in digest(data) {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The digest of the UTF-8 bytes of `text` as 64 lowercase hex digits.
    public static func hex(_ text: String) -> String {
        hex(Data(text.utf8))
    }
}
