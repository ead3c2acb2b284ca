// libmicrohttpd opened at run time (see microhttpd_loader.h for why). Each pointer has
// the type of the function it names, taken from the library's header (__typeof__), so a
// call through it is checked as a direct call would be.
#include "microhttpd_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct {
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
  __typeof__(MHD_get_connection_values) *get_connection_values;
} mhd;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char problem[512];

static void load(void) {
  void *library = dlopen(TTS_MHD_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(problem, sizeof problem, "%s", reason != NULL ? reason : TTS_MHD_LIBRARY ": cannot be opened");
    return;
  }
  // A missing symbol leaves the library unused (and open: dlclose gains nothing here).
#define RESOLVE(name)                                                                           \
  if ((mhd.name = (__typeof__(mhd.name))dlsym(library, "MHD_" #name)) == NULL) {               \
    snprintf(problem, sizeof problem, "%s: no symbol MHD_%s", TTS_MHD_LIBRARY, #name);          \
    return;                                                                                     \
  }
  RESOLVE(start_daemon)
  RESOLVE(get_daemon_info)
  RESOLVE(get_connection_info)
  RESOLVE(suspend_connection)
  RESOLVE(resume_connection)
  RESOLVE(quiesce_daemon)
  RESOLVE(stop_daemon)
  RESOLVE(create_response_from_buffer)
  RESOLVE(destroy_response)
  RESOLVE(add_response_header)
  RESOLVE(queue_response)
  RESOLVE(get_connection_values)
#undef RESOLVE
  loaded = 1;
}

/// 1 once every pointer is resolved. pthread_once orders the pointers' writes before
/// any thread's reads.
static int ready(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *tts_mhd_load(void) { return ready() ? NULL : problem; }

struct MHD_Daemon *tts_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AcceptPolicyCallback accept_policy, void *accept_cls,
    MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, MHD_NotifyConnectionCallback connection, void *connection_cls,
    const struct MHD_OptionItem *options) {
  if (!ready()) return NULL;
  return mhd.start_daemon(flags, 0, accept_policy, accept_cls, handler, handler_cls, MHD_OPTION_NOTIFY_COMPLETED,
                          completed, completed_cls, MHD_OPTION_NOTIFY_CONNECTION, connection, connection_cls,
                          MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

uint16_t tts_mhd_bound_port(struct MHD_Daemon *daemon) {
  if (!ready()) return 0;
  const union MHD_DaemonInfo *info = mhd.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

int tts_mhd_connection_fd(struct MHD_Connection *connection) {
  if (!ready()) return -1;
  const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

const struct sockaddr *tts_mhd_client_address(struct MHD_Connection *connection) {
  if (!ready()) return NULL;
  const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

void tts_mhd_suspend_connection(struct MHD_Connection *connection) {
  if (ready()) mhd.suspend_connection(connection);
}

void tts_mhd_resume_connection(struct MHD_Connection *connection) {
  if (ready()) mhd.resume_connection(connection);
}

MHD_socket tts_mhd_quiesce_daemon(struct MHD_Daemon *daemon) {
  return ready() ? mhd.quiesce_daemon(daemon) : MHD_INVALID_SOCKET;
}

void tts_mhd_stop_daemon(struct MHD_Daemon *daemon) {
  if (ready()) mhd.stop_daemon(daemon);
}

struct MHD_Response *tts_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                         enum MHD_ResponseMemoryMode mode) {
  return ready() ? mhd.create_response_from_buffer(size, buffer, mode) : NULL;
}

void tts_mhd_destroy_response(struct MHD_Response *response) {
  if (ready()) mhd.destroy_response(response);
}

enum MHD_Result tts_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                            const char *content) {
  return ready() ? mhd.add_response_header(response, header, content) : MHD_NO;
}

enum MHD_Result tts_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                       struct MHD_Response *response) {
  return ready() ? mhd.queue_response(connection, status_code, response) : MHD_NO;
}

int tts_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                  MHD_KeyValueIterator iterator, void *iterator_cls) {
  return ready() ? mhd.get_connection_values(connection, kind, iterator, iterator_cls) : -1;
}
