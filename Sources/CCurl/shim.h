#ifndef NEARBY_CCURL_SHIM_H
#define NEARBY_CCURL_SHIM_H
/*
 * libcurl for Swift.
 *
 * 1. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one wrapper per
 *    argument type.
 * 2. libcurl is loaded with dlopen the first time a fetch needs it, not linked. Linking it pulls in
 *    some thirty shared libraries (OpenSSL, GnuTLS, Kerberos, LDAP…) whose relocation cost about
 *    2 ms at every start, and a query answered from the cache never fetches. The headers still come
 *    from Debian's libcurl4-openssl-dev (pkg-config libcurl); the library is libcurl.so.4.
 *    nearby_curl_load() says whether it could be loaded; every other wrapper requires it.
 */
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

typedef struct {
    int loaded;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLcode (*easy_perform)(CURL *);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} nearby_curl_api;

/* The table lives in function-local statics (Swift's importer emits those with the function, not
   file-level statics). Each translation unit that calls these has its own copy, filled once
   (pthread_once); dlopen is reference counted, so every copy points into the same library. */
static inline nearby_curl_api *nearby_curl_table_pointer(void) {
    static nearby_curl_api table;
    return &table;
}
static inline pthread_once_t *nearby_curl_once_pointer(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}
#define nearby_curl_table (*nearby_curl_table_pointer())

static void nearby_curl_resolve(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    nearby_curl_api api;
    api.global_init = (CURLcode (*)(long))dlsym(library, "curl_global_init");
    api.easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
    api.easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
    api.easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
    api.easy_perform = (CURLcode (*)(CURL *))dlsym(library, "curl_easy_perform");
    api.easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    api.easy_strerror = (const char *(*)(CURLcode))dlsym(library, "curl_easy_strerror");
    api.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
    api.slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    api.loaded = api.global_init && api.easy_init && api.easy_setopt && api.easy_getinfo && api.easy_perform
        && api.easy_cleanup && api.easy_strerror && api.slist_append && api.slist_free_all;
    if (api.loaded && api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) api.loaded = 0;
    nearby_curl_table = api;
}

/* Loads libcurl and runs curl_global_init once; returns 1 when libcurl is usable. */
static inline int nearby_curl_load(void) {
    pthread_once(nearby_curl_once_pointer(), nearby_curl_resolve);
    return nearby_curl_table.loaded;
}

static inline CURL *nearby_curl_easy_init(void) { return nearby_curl_table.easy_init(); }
static inline void nearby_curl_easy_cleanup(CURL *handle) { nearby_curl_table.easy_cleanup(handle); }
static inline CURLcode nearby_curl_easy_perform(CURL *handle) { return nearby_curl_table.easy_perform(handle); }
static inline const char *nearby_curl_easy_strerror(CURLcode code) { return nearby_curl_table.easy_strerror(code); }
static inline struct curl_slist *nearby_curl_slist_append(struct curl_slist *list, const char *text) {
    return nearby_curl_table.slist_append(list, text);
}
static inline void nearby_curl_slist_free_all(struct curl_slist *list) { nearby_curl_table.slist_free_all(list); }

static inline CURLcode nearby_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return nearby_curl_table.easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return nearby_curl_table.easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return nearby_curl_table.easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return nearby_curl_table.easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return nearby_curl_table.easy_setopt(handle, option, value);
}
typedef size_t (*nearby_curl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode nearby_curl_setopt_write_function(CURL *handle, CURLoption option, nearby_curl_write_callback value) {
    return nearby_curl_table.easy_setopt(handle, option, value);
}
typedef int (*nearby_curl_xferinfo_callback)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode nearby_curl_setopt_xferinfo_function(CURL *handle, CURLoption option, nearby_curl_xferinfo_callback value) {
    return nearby_curl_table.easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return nearby_curl_table.easy_getinfo(handle, info, value);
}
static inline CURLcode nearby_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return nearby_curl_table.easy_getinfo(handle, info, value);
}
static inline CURLcode nearby_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return nearby_curl_table.easy_getinfo(handle, info, value);
}
static inline CURLcode nearby_curl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return nearby_curl_table.easy_getinfo(handle, info, value);
}
#endif
