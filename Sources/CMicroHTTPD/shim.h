// GNU libmicrohttpd (Debian's libmicrohttpd-dev). Two of its entry points are C variadic
// functions, which Swift cannot call; these inline adapters give them fixed arguments.
// Only Sources/FallbackServer/HTTP/HTTPDaemon.swift uses this module.
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon with the completion callback, the bind address and an option array.
static inline struct MHD_Daemon *tts_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls, const struct MHD_OptionItem *options) {
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_NOTIFY_COMPLETED, completed,
                          completed_cls, MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system picked for port 0), or 0.
static inline uint16_t tts_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
