#ifndef NEARBY_CCRYPTO_SHIM_H
#define NEARBY_CCRYPTO_SHIM_H
/*
 * SHA-256 from OpenSSL's libcrypto, for Swift.
 *
 * libcrypto uses the CPU's SHA instructions (SHA-NI, ARMv8 SHA2) where they exist: about 1.2 GB/s
 * on this machine class against ~0.2 GB/s for portable code. It is loaded with dlopen the first time
 * a digest is asked for, not linked, for the reason libcurl is (see CCurl/shim.h): a one-shot query
 * never hashes, and linking would make every start pay for relocating it. The prototypes come from
 * Debian's libssl-dev; the library is libcrypto.so.3 (libcurl4 already depends on it).
 * nearby_sha256_new() returns NULL when the library cannot be loaded: callers fall back to their
 * portable implementation.
 */
#include <dlfcn.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stddef.h>

typedef struct {
    int loaded;
    EVP_MD_CTX *(*ctx_new)(void);
    void (*ctx_free)(EVP_MD_CTX *);
    int (*ctx_copy_ex)(EVP_MD_CTX *, const EVP_MD_CTX *);
    int (*digest_init_ex)(EVP_MD_CTX *, const EVP_MD *, ENGINE *);
    int (*digest_update)(EVP_MD_CTX *, const void *, size_t);
    int (*digest_final_ex)(EVP_MD_CTX *, unsigned char *, unsigned int *);
    const EVP_MD *(*sha256)(void);
} nearby_crypto_api;

/* Function-local statics, as in CCurl/shim.h: filled once per translation unit (pthread_once). */
static inline nearby_crypto_api *nearby_crypto_table_pointer(void) {
    static nearby_crypto_api table;
    return &table;
}
static inline pthread_once_t *nearby_crypto_once_pointer(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}
#define nearby_crypto_table (*nearby_crypto_table_pointer())

static void nearby_crypto_resolve(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    nearby_crypto_api api;
    api.ctx_new = (EVP_MD_CTX * (*)(void)) dlsym(library, "EVP_MD_CTX_new");
    api.ctx_free = (void (*)(EVP_MD_CTX *))dlsym(library, "EVP_MD_CTX_free");
    api.ctx_copy_ex = (int (*)(EVP_MD_CTX *, const EVP_MD_CTX *))dlsym(library, "EVP_MD_CTX_copy_ex");
    api.digest_init_ex = (int (*)(EVP_MD_CTX *, const EVP_MD *, ENGINE *))dlsym(library, "EVP_DigestInit_ex");
    api.digest_update = (int (*)(EVP_MD_CTX *, const void *, size_t))dlsym(library, "EVP_DigestUpdate");
    api.digest_final_ex = (int (*)(EVP_MD_CTX *, unsigned char *, unsigned int *))dlsym(library, "EVP_DigestFinal_ex");
    api.sha256 = (const EVP_MD *(*)(void))dlsym(library, "EVP_sha256");
    api.loaded = api.ctx_new && api.ctx_free && api.ctx_copy_ex && api.digest_init_ex && api.digest_update
        && api.digest_final_ex && api.sha256;
    nearby_crypto_table = api;
}

/* A fresh SHA-256 context, or NULL when libcrypto is not there (or failed). */
static inline EVP_MD_CTX *nearby_sha256_new(void) {
    pthread_once(nearby_crypto_once_pointer(), nearby_crypto_resolve);
    if (!nearby_crypto_table.loaded) return NULL;
    EVP_MD_CTX *ctx = nearby_crypto_table.ctx_new();
    if (ctx == NULL) return NULL;
    if (nearby_crypto_table.digest_init_ex(ctx, nearby_crypto_table.sha256(), NULL) != 1) {
        nearby_crypto_table.ctx_free(ctx);
        return NULL;
    }
    return ctx;
}

/* A copy of ctx (for copy-on-write), or NULL on failure. */
static inline EVP_MD_CTX *nearby_sha256_copy(const EVP_MD_CTX *ctx) {
    EVP_MD_CTX *copy = nearby_crypto_table.ctx_new();
    if (copy == NULL) return NULL;
    if (nearby_crypto_table.ctx_copy_ex(copy, ctx) != 1) {
        nearby_crypto_table.ctx_free(copy);
        return NULL;
    }
    return copy;
}

static inline int nearby_sha256_update(EVP_MD_CTX *ctx, const void *bytes, size_t count) {
    return nearby_crypto_table.digest_update(ctx, bytes, count);
}

/* Writes the 32-byte digest of a copy of ctx, leaving ctx usable; 1 on success. */
static inline int nearby_sha256_digest(const EVP_MD_CTX *ctx, unsigned char *out) {
    EVP_MD_CTX *copy = nearby_sha256_copy(ctx);
    if (copy == NULL) return 0;
    unsigned int length = 0;
    int ok = nearby_crypto_table.digest_final_ex(copy, out, &length) == 1 && length == 32;
    nearby_crypto_table.ctx_free(copy);
    return ok;
}

static inline void nearby_sha256_free(EVP_MD_CTX *ctx) {
    if (ctx != NULL) nearby_crypto_table.ctx_free(ctx);
}

#endif
