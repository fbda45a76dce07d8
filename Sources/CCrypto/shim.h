#ifndef CATALOG_CCRYPTO_SHIM_H
#define CATALOG_CCRYPTO_SHIM_H

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

/// SHA-256 of two byte ranges one after the other, into `out` (32 bytes), with a context on
/// the stack: OpenSSL 3's one-shot SHA256() and EVP contexts cost 300 ns a call, four times
/// this for the short inputs a token is (measured with 80 bytes). The low-level calls are
/// deprecated in OpenSSL 3 but kept; they use the CPU's SHA extensions as EVP does.
static inline void catalog_sha256_pair(const void *first, size_t firstCount, const void *second,
                                       size_t secondCount, unsigned char *out) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    SHA256_CTX context;
    SHA256_Init(&context);
    if (firstCount > 0) SHA256_Update(&context, first, firstCount);
    if (secondCount > 0) SHA256_Update(&context, second, secondCount);
    SHA256_Final(out, &context);
#pragma GCC diagnostic pop
}

#endif
