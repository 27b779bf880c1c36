#ifndef NEARBY_CZLIB_SHIM_H
#define NEARBY_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit2 and deflateInit2 are macros (they pass the library version and the struct size),
/// which Swift cannot import; these wrappers are the same calls.
static inline int nearby_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

static inline int nearby_deflate_init2(z_streamp stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
