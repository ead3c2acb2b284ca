// GNU libmicrohttpd (Debian's libmicrohttpd-dev), opened with dlopen when `render-cli
// serve` starts rather than linked: linked, it and the GnuTLS it needs loaded into every
// process (`render-cli cart` too), seven shared libraries and about 2 MiB of peak memory.
// The library's own header gives the types and constants; its functions are called
// through pointers resolved once, by these tts_mhd_ functions (same arguments as the
// MHD_ function each names). Only Sources/FallbackServer/HTTP/HTTPDaemon.swift uses
// this module.
#ifndef MICROHTTPD_LOADER_H
#define MICROHTTPD_LOADER_H
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The soname opened: Debian 12's libmicrohttpd12 (0.9.75).
#define TTS_MHD_LIBRARY "libmicrohttpd.so.12"

/// Opens the library and resolves every function used, once (pthread_once: any thread,
/// any number of times). NULL when loaded; otherwise why not (dlerror's text), and every
/// tts_mhd_ function below fails as described without calling anything.
const char *tts_mhd_load(void);

/// MHD_start_daemon with the accept policy, the completion and connection callbacks, the
/// bind address and an option array; NULL when the library is not loaded.
struct MHD_Daemon *tts_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AcceptPolicyCallback accept_policy, void *accept_cls,
    MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, MHD_NotifyConnectionCallback connection, void *connection_cls,
    const struct MHD_OptionItem *options);

/// The port the daemon listens on (the one the system picked for port 0), or 0.
uint16_t tts_mhd_bound_port(struct MHD_Daemon *daemon);

/// The connection's socket, or -1.
int tts_mhd_connection_fd(struct MHD_Connection *connection);

/// The connection's peer address, or NULL.
const struct sockaddr *tts_mhd_client_address(struct MHD_Connection *connection);

/// MHD_suspend_connection.
void tts_mhd_suspend_connection(struct MHD_Connection *connection);

/// MHD_resume_connection.
void tts_mhd_resume_connection(struct MHD_Connection *connection);

/// MHD_quiesce_daemon: the listening socket, now the caller's to close, or -1.
MHD_socket tts_mhd_quiesce_daemon(struct MHD_Daemon *daemon);

/// MHD_stop_daemon.
void tts_mhd_stop_daemon(struct MHD_Daemon *daemon);

/// MHD_create_response_from_buffer, or NULL.
struct MHD_Response *tts_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                         enum MHD_ResponseMemoryMode mode);

/// MHD_destroy_response.
void tts_mhd_destroy_response(struct MHD_Response *response);

/// MHD_add_response_header, or MHD_NO.
enum MHD_Result tts_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                            const char *content);

/// MHD_queue_response, or MHD_NO.
enum MHD_Result tts_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                       struct MHD_Response *response);

/// MHD_get_connection_values: how many pairs were iterated, or -1.
int tts_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                  MHD_KeyValueIterator iterator, void *iterator_cls);

#endif
