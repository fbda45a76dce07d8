import CCrypto
import Foundation

/// SHA-256 from the system's libcrypto: content hashes of documents, revisions,
/// migrations and changesets.
public enum SHA256 {
    /// libcrypto set up without reading the system's `openssl.cnf`: hashing needs only the
    /// default provider, and parsing the configuration was most of a read command's
    /// first hash (start-up time). Evaluated once, before the first digest.
    private static let initialized: Bool = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG), nil) == 1

    /// The 32-byte digest of `data`.
    public static func digest(_ data: some DataProtocol) -> [UInt8] {
        Array(data).withUnsafeBytes { digest($0) }
    }

    /// The 32-byte digest of the bytes at `bytes`, without copying them (a stack context:
    /// OpenSSL 3's one-shot `SHA256()` took 327 ns for a short row, this 86 ns).
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        _ = initialized
        return [UInt8](unsafeUninitializedCapacity: Int(SHA256_DIGEST_LENGTH)) { out, count in
            catalog_sha256_pair(bytes.baseAddress, bytes.count, nil, 0, out.baseAddress)
            count = Int(SHA256_DIGEST_LENGTH)
        }
    }

    /// The first 16 bytes of the digest of `first` followed by `second`, as two
    /// little-endian halves: short inputs hashed many times (a token's source bytes).
    public static func pair(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        _ = initialized
        var output = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &output) { out in
            catalog_sha256_pair(
                first.baseAddress, first.count, second.baseAddress, second.count,
                out.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return (UInt64(littleEndian: output.0), UInt64(littleEndian: output.1))
    }

    /// The digest of `data` as 64 lowercase hex digits.
    public static func hex(_ data: some DataProtocol) -> String {
        hexDigits(digest(data))
    }

    /// `bytes` as lowercase hex digits.
    public static func hexDigits(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// An incremental hash, for content too large to hold in one buffer.
    public final class Hasher {
        private let context: OpaquePointer

        /// A hasher with nothing fed yet.
        public init() {
            _ = SHA256.initialized
            context = EVP_MD_CTX_new()
            EVP_DigestInit_ex(context, EVP_sha256(), nil)
        }

        deinit { EVP_MD_CTX_free(context) }

        /// Feeds the UTF-8 bytes of `text`.
        public func update(_ text: String) {
            var text = text
            text.withUTF8 { bytes in _ = EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) }
        }

        /// Feeds raw bytes.
        public func update(_ bytes: UnsafeRawBufferPointer) {
            _ = EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
        }

        /// The digest of everything fed, as 64 lowercase hex digits.
        public func finalize() -> String {
            var output = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            var length: UInt32 = 0
            EVP_DigestFinal_ex(context, &output, &length)
            return SHA256.hexDigits(output)
        }
    }

    /// The digest of the UTF-8 bytes of `text` as 64 lowercase hex digits.
    public static func hex(_ text: String) -> String {
        hex(Data(text.utf8))
    }
}
