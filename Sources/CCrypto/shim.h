#ifndef CATALOG_CCRYPTO_SHIM_H
#define CATALOG_CCRYPTO_SHIM_H

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#endif
