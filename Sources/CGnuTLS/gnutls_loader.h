// GnuTLS (Debian's libgnutls28-dev), for its SHA-256 only: the hashes a Content Security
// Policy names. Opened with dlopen on first use rather than linked, so that no process
// but the server's loads it and the eight libraries it needs (nettle, hogweed, gmp, p11-kit,
// idn2, unistring, tasn1, ffi). The library's header gives the types and constants; its
// function is called through a pointer resolved once, typed from its declaration
// (__typeof__). Inline in this header, not a C file, for the reason
// Sources/CMicroHTTPD/microhttpd_loader.h gives (valgrind). Only
// Sources/FallbackServer/Security/ContentDigest.swift uses this module.
#ifndef GNUTLS_LOADER_H
#define GNUTLS_LOADER_H
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <gnutls/crypto.h>

/// The soname opened: Debian 12's libgnutls30 (3.7).
#define TTS_GNUTLS_LIBRARY "libgnutls.so.30"

/// The function once loaded, or NULL and `problem` says why.
struct tts_gnutls_library {
  char problem[512];
  __typeof__(gnutls_hash_fast) *hash_fast;
};

/// The one instance (per Swift object file that calls these; only ContentDigest.swift's),
/// a static inside a function for the reason Sources/CMicroHTTPD/microhttpd_loader.h gives.
static inline struct tts_gnutls_library *tts_gnutls_storage(void) {
  static struct tts_gnutls_library library;
  return &library;
}

static inline void tts_gnutls_open(void) {
  struct tts_gnutls_library *loaded = tts_gnutls_storage();
  void *library = dlopen(TTS_GNUTLS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(loaded->problem, sizeof loaded->problem, "%s",
             reason != NULL ? reason : TTS_GNUTLS_LIBRARY ": cannot be opened");
    return;
  }
  loaded->hash_fast = (__typeof__(loaded->hash_fast))dlsym(library, "gnutls_hash_fast");
  if (loaded->hash_fast == NULL) {
    snprintf(loaded->problem, sizeof loaded->problem, "%s: no symbol gnutls_hash_fast", TTS_GNUTLS_LIBRARY);
  }
}

/// The library's function, or NULL when it cannot be loaded. Opened once: pthread_once
/// orders the pointer's write before any thread's reads.
static inline const struct tts_gnutls_library *tts_gnutls_ready(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, tts_gnutls_open);
  const struct tts_gnutls_library *library = tts_gnutls_storage();
  return library->hash_fast != NULL ? library : NULL;
}

/// Opens the library and resolves gnutls_hash_fast, once (any thread, any number of
/// times). NULL when loaded; otherwise why not (dlerror's text).
static inline const char *tts_gnutls_load(void) {
  return tts_gnutls_ready() != NULL ? NULL : tts_gnutls_storage()->problem;
}

/// gnutls_hash_fast; GNUTLS_E_INTERNAL_ERROR when the library is not loaded.
static inline int tts_gnutls_hash_fast(gnutls_digest_algorithm_t algorithm, const void *text, size_t textlen,
                                       void *digest) {
  const struct tts_gnutls_library *library = tts_gnutls_ready();
  return library != NULL ? library->hash_fast(algorithm, text, textlen, digest) : GNUTLS_E_INTERNAL_ERROR;
}

#endif
