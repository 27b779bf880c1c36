#ifndef NEARBY_CCURL_SHIM_H
#define NEARBY_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt is variadic, which Swift cannot call: one wrapper per argument type. */
static inline CURLcode nearby_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*nearby_curl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode nearby_curl_setopt_write_function(CURL *handle, CURLoption option, nearby_curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}
typedef int (*nearby_curl_xferinfo_callback)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode nearby_curl_setopt_xferinfo_function(CURL *handle, CURLoption option, nearby_curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode nearby_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode nearby_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode nearby_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode nearby_curl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}
/* CURL_GLOBAL_DEFAULT is a compound macro Swift does not import. */
static inline CURLcode nearby_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
#endif
