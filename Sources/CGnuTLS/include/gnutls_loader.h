// GnuTLS (Debian's libgnutls28-dev), for its SHA-256 only: the hashes a Content Security
// Policy names. Opened with dlopen on first use rather than linked, so that no process
// but the server's loads it and the six libraries it needs (nettle, hogweed, gmp,
// p11-kit, idn2, tasn1). The library's header gives the types and constants; its
// function is called through a pointer resolved once. Only
// Sources/FallbackServer/Security/ContentDigest.swift uses this module.
#ifndef GNUTLS_LOADER_H
#define GNUTLS_LOADER_H
#include <gnutls/crypto.h>

/// The soname opened: Debian 12's libgnutls30 (3.7).
#define TTS_GNUTLS_LIBRARY "libgnutls.so.30"

/// Opens the library and resolves gnutls_hash_fast, once (pthread_once: any thread, any
/// number of times). NULL when loaded; otherwise why not (dlerror's text).
const char *tts_gnutls_load(void);

/// gnutls_hash_fast; GNUTLS_E_INTERNAL_ERROR when the library is not loaded.
int tts_gnutls_hash_fast(gnutls_digest_algorithm_t algorithm, const void *text, size_t textlen, void *digest);

#endif
