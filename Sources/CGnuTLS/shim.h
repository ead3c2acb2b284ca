// GnuTLS (Debian's libgnutls28-dev), for its SHA-256 only: the hashes a Content Security
// Policy names. Only Sources/FallbackServer/Security/ContentDigest.swift uses this module.
#include <gnutls/crypto.h>
