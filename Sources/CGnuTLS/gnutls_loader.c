// GnuTLS opened at run time (see gnutls_loader.h for why). The pointer has the type of
// the function it names, from the library's header (__typeof__).
#include "gnutls_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static __typeof__(gnutls_hash_fast) *hash_fast;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char problem[512];

static void load(void) {
  void *library = dlopen(TTS_GNUTLS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(problem, sizeof problem, "%s", reason != NULL ? reason : TTS_GNUTLS_LIBRARY ": cannot be opened");
    return;
  }
  hash_fast = (__typeof__(hash_fast))dlsym(library, "gnutls_hash_fast");
  if (hash_fast == NULL) snprintf(problem, sizeof problem, "%s: no symbol gnutls_hash_fast", TTS_GNUTLS_LIBRARY);
}

const char *tts_gnutls_load(void) {
  pthread_once(&once, load);
  return hash_fast != NULL ? NULL : problem;
}

int tts_gnutls_hash_fast(gnutls_digest_algorithm_t algorithm, const void *text, size_t textlen, void *digest) {
  if (tts_gnutls_load() != NULL) return GNUTLS_E_INTERNAL_ERROR;
  return hash_fast(algorithm, text, textlen, digest);
}
