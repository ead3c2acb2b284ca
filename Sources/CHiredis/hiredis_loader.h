// hiredis (Debian's libhiredis-dev, 0.14), the Redis client under `render-cli serve
// --store redis://…`, opened with dlopen when a Redis store is made rather than linked,
// as libmicrohttpd is (Sources/CMicroHTTPD/microhttpd_loader.h): linked, it would load
// into every process, `render-cli cart` too. The library's header gives the types; its
// functions are called through pointers resolved once, typed from its declarations
// (__typeof__). The tts_redis_ functions take the arguments of the redis function each
// names. Only Sources/RedisClient/RedisConnection.swift uses this module.
#ifndef HIREDIS_LOADER_H
#define HIREDIS_LOADER_H
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <hiredis/hiredis.h>

/// The soname opened: Debian 12's libhiredis0.14.
#define TTS_REDIS_LIBRARY "libhiredis.so.0.14"

/// The library's functions once loaded: all set, or `loaded` stays 0 and `problem` says why.
struct tts_redis_library {
  int loaded;
  char problem[512];
  __typeof__(redisConnectWithTimeout) *connect_with_timeout;
  __typeof__(redisConnectUnixWithTimeout) *connect_unix_with_timeout;
  __typeof__(redisSetTimeout) *set_timeout;
  __typeof__(redisFree) *free_context;
  __typeof__(redisCommandArgv) *command_argv;
  __typeof__(redisAppendCommandArgv) *append_command_argv;
  __typeof__(redisGetReply) *get_reply;
  __typeof__(freeReplyObject) *free_reply;
};

/// The one instance; a static inside a function (see microhttpd_loader.h for why).
static inline struct tts_redis_library *tts_redis_storage(void) {
  static struct tts_redis_library library;
  return &library;
}

static inline void tts_redis_open(void) {
  struct tts_redis_library *loaded = tts_redis_storage();
  void *library = dlopen(TTS_REDIS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(loaded->problem, sizeof loaded->problem, "%s",
             reason != NULL ? reason : TTS_REDIS_LIBRARY ": cannot be opened");
    return;
  }
#define TTS_REDIS_RESOLVE(field, symbol)                                                              \
  loaded->field = (__typeof__(loaded->field))dlsym(library, #symbol);                                 \
  if (loaded->field == NULL) {                                                                        \
    snprintf(loaded->problem, sizeof loaded->problem, "%s: no symbol %s", TTS_REDIS_LIBRARY, #symbol); \
    return;                                                                                           \
  }
  TTS_REDIS_RESOLVE(connect_with_timeout, redisConnectWithTimeout)
  TTS_REDIS_RESOLVE(connect_unix_with_timeout, redisConnectUnixWithTimeout)
  TTS_REDIS_RESOLVE(set_timeout, redisSetTimeout)
  TTS_REDIS_RESOLVE(free_context, redisFree)
  TTS_REDIS_RESOLVE(command_argv, redisCommandArgv)
  TTS_REDIS_RESOLVE(append_command_argv, redisAppendCommandArgv)
  TTS_REDIS_RESOLVE(get_reply, redisGetReply)
  TTS_REDIS_RESOLVE(free_reply, freeReplyObject)
#undef TTS_REDIS_RESOLVE
  loaded->loaded = 1;
}

/// The library's functions, or NULL when it cannot be loaded (opened once, pthread_once).
static inline const struct tts_redis_library *tts_redis_ready(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, tts_redis_open);
  const struct tts_redis_library *library = tts_redis_storage();
  return library->loaded ? library : NULL;
}

/// NULL when loaded; otherwise why not, and every function below fails, calling nothing.
static inline const char *tts_redis_load(void) {
  return tts_redis_ready() != NULL ? NULL : tts_redis_storage()->problem;
}

/// A context for HOST:PORT (or the Unix socket PATH when `port` is negative), connect
/// and I/O bounded by `milliseconds`; NULL when the library is not loaded or memory ran
/// out. Otherwise its `err` and `errstr` say whether it connected.
static inline redisContext *tts_redis_connect(const char *host, int port, long milliseconds) {
  const struct tts_redis_library *library = tts_redis_ready();
  if (library == NULL) return NULL;
  struct timeval limit = {milliseconds / 1000, (milliseconds % 1000) * 1000};
  redisContext *context = port < 0 ? library->connect_unix_with_timeout(host, limit)
                                   : library->connect_with_timeout(host, port, limit);
  if (context != NULL && context->err == 0) library->set_timeout(context, limit);
  return context;
}

/// The socket's read and write limit; REDIS_ERR when it cannot be set.
static inline int tts_redis_set_timeout(redisContext *context, long milliseconds) {
  const struct tts_redis_library *library = tts_redis_ready();
  struct timeval limit = {milliseconds / 1000, (milliseconds % 1000) * 1000};
  return library != NULL ? library->set_timeout(context, limit) : REDIS_ERR;
}

static inline void tts_redis_free(redisContext *context) {
  const struct tts_redis_library *library = tts_redis_ready();
  if (library != NULL) library->free_context(context);
}

/// NULL on an I/O or protocol error (the context's `err` says which; the context is then unusable).
static inline redisReply *tts_redis_command_argv(redisContext *context, int count, const char **arguments,
                                                 const size_t *lengths) {
  const struct tts_redis_library *library = tts_redis_ready();
  return library != NULL ? (redisReply *)library->command_argv(context, count, arguments, lengths) : NULL;
}

static inline int tts_redis_append_command_argv(redisContext *context, int count, const char **arguments,
                                                const size_t *lengths) {
  const struct tts_redis_library *library = tts_redis_ready();
  return library != NULL ? library->append_command_argv(context, count, arguments, lengths) : REDIS_ERR;
}

/// The next reply, NULL on an error or a timeout (the context's `err` says which).
static inline redisReply *tts_redis_get_reply(redisContext *context) {
  const struct tts_redis_library *library = tts_redis_ready();
  void *reply = NULL;
  if (library == NULL || library->get_reply(context, &reply) != REDIS_OK) return NULL;
  return (redisReply *)reply;
}

/// Shuts the connection's socket down, so a read waiting on it in another thread ends.
static inline void tts_redis_interrupt(redisContext *context) { shutdown(context->fd, SHUT_RDWR); }

static inline void tts_redis_free_reply(redisReply *reply) {
  const struct tts_redis_library *library = tts_redis_ready();
  if (library != NULL && reply != NULL) library->free_reply(reply);
}

#endif
