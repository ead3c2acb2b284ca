#include <png.h>

/* libpng's simplified API (png_image): no setjmp, so Swift can call it. The format and
   version are macros built from other macros, which Swift does not import. */
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
static inline int cpng_failed(png_uint_32 warning_or_error) { return (warning_or_error & PNG_IMAGE_ERROR) != 0; }
