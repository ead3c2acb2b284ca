// GNU libmicrohttpd (Debian's libmicrohttpd-dev). Some of its entry points are C variadic
// functions, which Swift cannot call; these inline adapters give them fixed arguments.
// Only Sources/FallbackServer/HTTP/HTTPDaemon.swift uses this module.
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon with the accept policy, the completion and connection callbacks, the
/// bind address and an option array.
static inline struct MHD_Daemon *tts_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AcceptPolicyCallback accept_policy, void *accept_cls,
    MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, MHD_NotifyConnectionCallback connection, void *connection_cls,
    const struct MHD_OptionItem *options) {
  return MHD_start_daemon(flags, 0, accept_policy, accept_cls, handler, handler_cls, MHD_OPTION_NOTIFY_COMPLETED,
                          completed, completed_cls, MHD_OPTION_NOTIFY_CONNECTION, connection, connection_cls,
                          MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system picked for port 0), or 0.
static inline uint16_t tts_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The connection's socket, or -1.
static inline int tts_mhd_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// The connection's peer address, or NULL.
static inline const struct sockaddr *tts_mhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}
