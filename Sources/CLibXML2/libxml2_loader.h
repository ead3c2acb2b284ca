// libxml2's XML reader (xmlTextReader), opened with dlopen when `render-cli strings import`
// first reads a file rather than linked: linked (as through Foundation's XMLDocument), it
// and Foundation's XML library load into every process (`render-cli cart` too). Only
// Sources/StringCatalog/XMLReader.swift uses this module.
//
// The reader's API takes and gives opaque pointers, C strings and ints only, so its
// functions are declared here from libxml2's documented prototypes (xmlreader.h) rather
// than from its header, which needs the compiler's include path set to /usr/include/libxml2.
// Inline in this header, not a C file, as CMicroHTTPD's loader is (valgrind and DWARF 5).
#ifndef LIBXML2_LOADER_H
#define LIBXML2_LOADER_H
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// The soname opened: Debian 12's libxml2 (2.9.14).
#define TTS_XML_LIBRARY "libxml2.so.2"

/// xmlParserOption XML_PARSE_NONET: no network access. No XML_PARSE_NOENT and no
/// XML_PARSE_DTDLOAD: entities are not substituted and no external DTD or entity is loaded.
#define TTS_XML_PARSE_NONET 2048

/// xmlReaderTypes, the node types the reader reports.
enum {
  TTS_XML_ELEMENT = 1,
  TTS_XML_TEXT = 3,
  TTS_XML_CDATA = 4,
  TTS_XML_ENTITY_REFERENCE = 5,
  TTS_XML_DOCUMENT_TYPE = 10,
  TTS_XML_WHITESPACE = 13,
  TTS_XML_SIGNIFICANT_WHITESPACE = 14,
  TTS_XML_END_ELEMENT = 15,
};

typedef void (*tts_xml_error_function)(void *arg, const char *message, int severity, void *locator);

/// libxml2's functions once loaded: all set, or `loaded` stays 0 and `problem` says why.
struct tts_xml_library {
  int loaded;
  char problem[512];
  void *(*reader_for_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
  void (*set_error_handler)(void *reader, tts_xml_error_function handler, void *arg);
  int (*locator_line_number)(void *locator);
  int (*read)(void *reader);
  int (*parser_line_number)(void *reader);
  int (*node_type)(void *reader);
  int (*is_empty_element)(void *reader);
  const unsigned char *(*const_local_name)(void *reader);
  const unsigned char *(*const_value)(void *reader);
  const unsigned char *(*const_namespace_uri)(void *reader);
  int (*move_to_attribute)(void *reader, const unsigned char *name);
  int (*move_to_element)(void *reader);
  void (*free_reader)(void *reader);
};

/// The one instance, a static inside a function (see CMicroHTTPD's loader).
static inline struct tts_xml_library *tts_xml_storage(void) {
  static struct tts_xml_library library;
  return &library;
}

static inline void tts_xml_open(void) {
  struct tts_xml_library *loaded = tts_xml_storage();
  void *library = dlopen(TTS_XML_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(loaded->problem, sizeof loaded->problem, "%s", reason != NULL ? reason : TTS_XML_LIBRARY ": cannot be opened");
    return;
  }
#define TTS_XML_RESOLVE(field, symbol)                                                                  \
  loaded->field = (__typeof__(loaded->field))dlsym(library, symbol);                                   \
  if (loaded->field == NULL) {                                                                         \
    snprintf(loaded->problem, sizeof loaded->problem, "%s: no symbol %s", TTS_XML_LIBRARY, symbol);    \
    return;                                                                                            \
  }
  TTS_XML_RESOLVE(reader_for_memory, "xmlReaderForMemory")
  TTS_XML_RESOLVE(set_error_handler, "xmlTextReaderSetErrorHandler")
  TTS_XML_RESOLVE(locator_line_number, "xmlTextReaderLocatorLineNumber")
  TTS_XML_RESOLVE(read, "xmlTextReaderRead")
  TTS_XML_RESOLVE(parser_line_number, "xmlTextReaderGetParserLineNumber")
  TTS_XML_RESOLVE(node_type, "xmlTextReaderNodeType")
  TTS_XML_RESOLVE(is_empty_element, "xmlTextReaderIsEmptyElement")
  TTS_XML_RESOLVE(const_local_name, "xmlTextReaderConstLocalName")
  TTS_XML_RESOLVE(const_value, "xmlTextReaderConstValue")
  TTS_XML_RESOLVE(const_namespace_uri, "xmlTextReaderConstNamespaceUri")
  TTS_XML_RESOLVE(move_to_attribute, "xmlTextReaderMoveToAttribute")
  TTS_XML_RESOLVE(move_to_element, "xmlTextReaderMoveToElement")
  TTS_XML_RESOLVE(free_reader, "xmlFreeTextReader")
#undef TTS_XML_RESOLVE
  loaded->loaded = 1;
}

/// The library's functions, or NULL when it cannot be loaded; opened once (pthread_once).
static inline const struct tts_xml_library *tts_xml_ready(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, tts_xml_open);
  const struct tts_xml_library *library = tts_xml_storage();
  return library->loaded ? library : NULL;
}

/// NULL when loaded; otherwise why not.
static inline const char *tts_xml_load(void) { return tts_xml_ready() != NULL ? NULL : tts_xml_storage()->problem; }

/// A reader over `size` bytes and the first error it met (message and line).
struct tts_xml_reader {
  void *reader;
  int error_line;
  char error[512];
};

static inline void tts_xml_record_error(void *arg, const char *message, int severity, void *locator) {
  struct tts_xml_reader *reader = (struct tts_xml_reader *)arg;
  (void)severity;
  if (reader->error[0] != 0) return;
  const struct tts_xml_library *library = tts_xml_ready();
  reader->error_line = library != NULL && locator != NULL ? library->locator_line_number(locator) : 0;
  snprintf(reader->error, sizeof reader->error, "%s", message != NULL ? message : "error");
  // libxml2's messages end in a line feed.
  size_t length = strlen(reader->error);
  while (length > 0 && (reader->error[length - 1] == '\n' || reader->error[length - 1] == ' ')) reader->error[--length] = 0;
}

/// Opens a reader; 0 on success, -1 when the library or the reader cannot be had (`error` says why).
static inline int tts_xml_reader_open(struct tts_xml_reader *reader, const char *bytes, int size) {
  memset(reader, 0, sizeof *reader);
  const struct tts_xml_library *library = tts_xml_ready();
  if (library == NULL) {
    snprintf(reader->error, sizeof reader->error, "%s", tts_xml_storage()->problem);
    return -1;
  }
  reader->reader = library->reader_for_memory(bytes, size, NULL, "UTF-8", TTS_XML_PARSE_NONET);
  if (reader->reader == NULL) {
    snprintf(reader->error, sizeof reader->error, "libxml2 could not start reading");
    return -1;
  }
  library->set_error_handler(reader->reader, tts_xml_record_error, reader);
  return 0;
}

/// 1 when the reader moved to the next node, 0 at the end, -1 on an error (`error` says which).
static inline int tts_xml_reader_read(struct tts_xml_reader *reader) {
  const struct tts_xml_library *library = tts_xml_ready();
  int result = library->read(reader->reader);
  if (result < 0 && reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "not well-formed");
  if (reader->error[0] == 0) return result;
  // Where the parser stopped: the locator may give the line of the node being built.
  int line = library->parser_line_number(reader->reader);
  if (line > 0) reader->error_line = line;
  return -1;
}

static inline int tts_xml_reader_node_type(struct tts_xml_reader *reader) { return tts_xml_ready()->node_type(reader->reader); }

static inline int tts_xml_reader_is_empty(struct tts_xml_reader *reader) {
  return tts_xml_ready()->is_empty_element(reader->reader) == 1;
}

/// The current node's local name (elements), or NULL; valid until the next read.
static inline const char *tts_xml_reader_local_name(struct tts_xml_reader *reader) {
  return (const char *)tts_xml_ready()->const_local_name(reader->reader);
}

/// The current node's text (text, CDATA, white space), or NULL; valid until the next read.
static inline const char *tts_xml_reader_value(struct tts_xml_reader *reader) {
  return (const char *)tts_xml_ready()->const_value(reader->reader);
}

/// The namespace URI of the current node, NULL when it has none.
static inline const char *tts_xml_reader_namespace_uri(struct tts_xml_reader *reader) {
  return (const char *)tts_xml_ready()->const_namespace_uri(reader->reader);
}

/// The value of the current element's attribute `name` (a qualified name), copied into
/// `out`; its length, or -1 when the element has no such attribute or it does not fit.
static inline int tts_xml_reader_attribute(struct tts_xml_reader *reader, const char *name, char *out, int capacity) {
  const struct tts_xml_library *library = tts_xml_ready();
  if (library->move_to_attribute(reader->reader, (const unsigned char *)name) != 1) return -1;
  const char *value = (const char *)library->const_value(reader->reader);
  int length = value != NULL ? (int)strlen(value) : 0;
  int fits = value != NULL && length < capacity;
  if (fits) memcpy(out, value, (size_t)length + 1);
  library->move_to_element(reader->reader);
  return fits ? length : -1;
}

static inline void tts_xml_reader_close(struct tts_xml_reader *reader) {
  if (reader->reader != NULL) tts_xml_ready()->free_reader(reader->reader);
  reader->reader = NULL;
}
#endif
