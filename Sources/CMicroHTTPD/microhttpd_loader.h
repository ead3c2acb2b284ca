// GNU libmicrohttpd (Debian's libmicrohttpd-dev), opened with dlopen when `render-cli
// serve` starts rather than linked: linked, it and the TLS library it needs loaded into every
// process (`render-cli cart` too): ten shared libraries, about 2 MiB of peak memory.
// The library's own header gives the types and constants; its functions are called
// through pointers resolved once, typed from its declarations (__typeof__), so every call
// is checked as a direct one would be. The tts_mhd_ functions take the arguments of the
// MHD_ function each names. Only Sources/HTTPServer/Bridge/LibMicroHTTPD.swift uses this
// module.
//
// Inline in this header, not a C file: the Swift compiler emits these into the Swift
// object (DWARF 4), and a second C object's DWARF 5 beside CICUShim's makes valgrind 3.19
// (Debian 12) give up reading render-cli ("Possibly corrupted debuginfo file"), which
// scripts/bench's instruction counts need.
#ifndef MICROHTTPD_LOADER_H
#define MICROHTTPD_LOADER_H
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The soname opened: Debian 12's libmicrohttpd12 (0.9.75).
#define TTS_MHD_LIBRARY "libmicrohttpd.so.12"

/// The library's functions once loaded: all set, or `loaded` stays 0 and `problem` says why.
struct tts_mhd_library {
  int loaded;
  char problem[512];
  __typeof__(MHD_start_daemon) *start_daemon;
  __typeof__(MHD_get_daemon_info) *get_daemon_info;
  __typeof__(MHD_get_connection_info) *get_connection_info;
  __typeof__(MHD_suspend_connection) *suspend_connection;
  __typeof__(MHD_resume_connection) *resume_connection;
  __typeof__(MHD_quiesce_daemon) *quiesce_daemon;
  __typeof__(MHD_stop_daemon) *stop_daemon;
  __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
  __typeof__(MHD_destroy_response) *destroy_response;
  __typeof__(MHD_add_response_header) *add_response_header;
  __typeof__(MHD_queue_response) *queue_response;
  __typeof__(MHD_get_connection_values_n) *get_connection_values_n;
};

/// The one instance (per Swift object file that calls these; only LibMicroHTTPD.swift's). A
/// static inside a function, not at file scope: the Swift compiler emits a header's
/// functions with their statics, not a file-scope static they use.
static inline struct tts_mhd_library *tts_mhd_storage(void) {
  static struct tts_mhd_library library;
  return &library;
}

static inline void tts_mhd_open(void) {
  struct tts_mhd_library *loaded = tts_mhd_storage();
  void *library = dlopen(TTS_MHD_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(loaded->problem, sizeof loaded->problem, "%s",
             reason != NULL ? reason : TTS_MHD_LIBRARY ": cannot be opened");
    return;
  }
  // A missing symbol leaves the library unused (and open: closing it gains nothing).
#define TTS_MHD_RESOLVE(name)                                                                            \
  loaded->name = (__typeof__(loaded->name))dlsym(library, "MHD_" #name);                                 \
  if (loaded->name == NULL) {                                                                            \
    snprintf(loaded->problem, sizeof loaded->problem, "%s: no symbol MHD_%s", TTS_MHD_LIBRARY, #name);   \
    return;                                                                                              \
  }
  TTS_MHD_RESOLVE(start_daemon)
  TTS_MHD_RESOLVE(get_daemon_info)
  TTS_MHD_RESOLVE(get_connection_info)
  TTS_MHD_RESOLVE(suspend_connection)
  TTS_MHD_RESOLVE(resume_connection)
  TTS_MHD_RESOLVE(quiesce_daemon)
  TTS_MHD_RESOLVE(stop_daemon)
  TTS_MHD_RESOLVE(create_response_from_buffer)
  TTS_MHD_RESOLVE(destroy_response)
  TTS_MHD_RESOLVE(add_response_header)
  TTS_MHD_RESOLVE(queue_response)
  TTS_MHD_RESOLVE(get_connection_values_n)
#undef TTS_MHD_RESOLVE
  loaded->loaded = 1;
}

/// The library's functions, or NULL when it cannot be loaded. Opened once: pthread_once
/// orders the pointers' writes before any thread's reads.
static inline const struct tts_mhd_library *tts_mhd_ready(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, tts_mhd_open);
  const struct tts_mhd_library *library = tts_mhd_storage();
  return library->loaded ? library : NULL;
}

/// Opens the library and resolves every function used, once (any thread, any number of
/// times). NULL when loaded; otherwise why not (dlerror's text), and every tts_mhd_
/// function below then fails as it says, calling nothing.
static inline const char *tts_mhd_load(void) { return tts_mhd_ready() != NULL ? NULL : tts_mhd_storage()->problem; }

/// MHD_start_daemon with the accept policy, the completion and connection callbacks, the
/// bind address and an option array; NULL when it fails or the library is not loaded.
static inline struct MHD_Daemon *tts_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AcceptPolicyCallback accept_policy, void *accept_cls,
    MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, MHD_NotifyConnectionCallback connection, void *connection_cls,
    const struct MHD_OptionItem *options) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library == NULL) return NULL;
  return library->start_daemon(flags, 0, accept_policy, accept_cls, handler, handler_cls, MHD_OPTION_NOTIFY_COMPLETED,
                               completed, completed_cls, MHD_OPTION_NOTIFY_CONNECTION, connection, connection_cls,
                               MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system picked for port 0), or 0.
static inline uint16_t tts_mhd_bound_port(struct MHD_Daemon *daemon) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library == NULL) return 0;
  const union MHD_DaemonInfo *info = library->get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The connection's socket, or -1.
static inline int tts_mhd_connection_fd(struct MHD_Connection *connection) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library == NULL) return -1;
  const union MHD_ConnectionInfo *info =
      library->get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// The connection's peer address, or NULL.
static inline const struct sockaddr *tts_mhd_client_address(struct MHD_Connection *connection) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library == NULL) return NULL;
  const union MHD_ConnectionInfo *info =
      library->get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

static inline void tts_mhd_suspend_connection(struct MHD_Connection *connection) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library != NULL) library->suspend_connection(connection);
}

static inline void tts_mhd_resume_connection(struct MHD_Connection *connection) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library != NULL) library->resume_connection(connection);
}

/// The listening socket, now the caller's to close, or MHD_INVALID_SOCKET.
static inline MHD_socket tts_mhd_quiesce_daemon(struct MHD_Daemon *daemon) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  return library != NULL ? library->quiesce_daemon(daemon) : MHD_INVALID_SOCKET;
}

static inline void tts_mhd_stop_daemon(struct MHD_Daemon *daemon) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library != NULL) library->stop_daemon(daemon);
}

/// NULL when it fails or the library is not loaded.
static inline struct MHD_Response *tts_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                                       enum MHD_ResponseMemoryMode mode) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  return library != NULL ? library->create_response_from_buffer(size, buffer, mode) : NULL;
}

static inline void tts_mhd_destroy_response(struct MHD_Response *response) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  if (library != NULL) library->destroy_response(response);
}

/// MHD_NO when it fails or the library is not loaded.
static inline enum MHD_Result tts_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                          const char *content) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  return library != NULL ? library->add_response_header(response, header, content) : MHD_NO;
}

/// MHD_NO when it fails or the library is not loaded.
static inline enum MHD_Result tts_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                                     struct MHD_Response *response) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  return library != NULL ? library->queue_response(connection, status_code, response) : MHD_NO;
}

/// How many pairs were iterated, or -1 when the library is not loaded.
static inline int tts_mhd_get_connection_values_n(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                                  MHD_KeyValueIteratorN iterator, void *iterator_cls) {
  const struct tts_mhd_library *library = tts_mhd_ready();
  return library != NULL ? library->get_connection_values_n(connection, kind, iterator, iterator_cls) : -1;
}

#endif
