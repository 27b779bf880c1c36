#ifndef NEARBY_CPQ_SHIM_H
#define NEARBY_CPQ_SHIM_H
/*
 * libpq for Swift, loaded lazily.
 *
 * libpq is loaded with dlopen the first time a PostgreSQL store is opened, not linked: linking it
 * pulls in libssl, Kerberos, LDAP and more at every start, and a one-shot place query never talks
 * to PostgreSQL. The headers come from Debian's libpq-dev (/usr/include/postgresql; included by
 * that path so the build needs no pkg-config -lpq); the library is libpq.so.5.
 * nearby_pq_load() says whether it could be loaded; every other wrapper requires it.
 *
 * libpq prints server notices (NOTICE, WARNING) to stderr by default; a library never prints, so
 * nearby_pq_silence_notices() installs a processor that drops them.
 */
#include <postgresql/libpq-fe.h>
#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <stddef.h>
#include <time.h>

typedef struct {
    int loaded;
    PGconn *(*connectdb)(const char *);
    ConnStatusType (*status)(const PGconn *);
    char *(*error_message)(const PGconn *);
    void (*finish)(PGconn *);
    int (*needs_password)(const PGconn *);
    PQnoticeProcessor (*set_notice_processor)(PGconn *, PQnoticeProcessor, void *);
    PGresult *(*exec_params)(PGconn *, const char *, int, const Oid *, const char *const *, const int *,
                             const int *, int);
    ExecStatusType (*result_status)(const PGresult *);
    char *(*result_error_field)(const PGresult *, int);
    char *(*result_error_message)(const PGresult *);
    void (*clear)(PGresult *);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*fname)(const PGresult *, int);
    Oid (*ftype)(const PGresult *, int);
    char *(*getvalue)(const PGresult *, int, int);
    int (*getlength)(const PGresult *, int, int);
    int (*getisnull)(const PGresult *, int, int);
    char *(*cmd_tuples)(PGresult *);
    PGconn *(*connectdb_params)(const char *const *, const char *const *, int);
    int (*send_query_params)(PGconn *, const char *, int, const Oid *, const char *const *, const int *,
                             const int *, int);
    int (*consume_input)(PGconn *);
    int (*is_busy)(PGconn *);
    PGresult *(*get_result)(PGconn *);
    int (*socket)(const PGconn *);
} nearby_pq_api;

/* Function-local statics, as in Sources/CCurl/shim.h: each translation unit has its own table,
   filled once (pthread_once); dlopen is reference counted, so every copy points into one library. */
static inline nearby_pq_api *nearby_pq_table_pointer(void) {
    static nearby_pq_api table;
    return &table;
}
static inline pthread_once_t *nearby_pq_once_pointer(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}
#define nearby_pq_table (*nearby_pq_table_pointer())

static void nearby_pq_resolve(void) {
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libpq.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
    nearby_pq_api api;
    api.connectdb = (PGconn * (*)(const char *)) dlsym(library, "PQconnectdb");
    api.status = (ConnStatusType (*)(const PGconn *))dlsym(library, "PQstatus");
    api.error_message = (char *(*)(const PGconn *))dlsym(library, "PQerrorMessage");
    api.finish = (void (*)(PGconn *))dlsym(library, "PQfinish");
    api.needs_password = (int (*)(const PGconn *))dlsym(library, "PQconnectionNeedsPassword");
    api.set_notice_processor
        = (PQnoticeProcessor (*)(PGconn *, PQnoticeProcessor, void *))dlsym(library, "PQsetNoticeProcessor");
    api.exec_params = (PGresult * (*)(PGconn *, const char *, int, const Oid *, const char *const *, const int *,
                                      const int *, int)) dlsym(library, "PQexecParams");
    api.result_status = (ExecStatusType (*)(const PGresult *))dlsym(library, "PQresultStatus");
    api.result_error_field = (char *(*)(const PGresult *, int))dlsym(library, "PQresultErrorField");
    api.result_error_message = (char *(*)(const PGresult *))dlsym(library, "PQresultErrorMessage");
    api.clear = (void (*)(PGresult *))dlsym(library, "PQclear");
    api.ntuples = (int (*)(const PGresult *))dlsym(library, "PQntuples");
    api.nfields = (int (*)(const PGresult *))dlsym(library, "PQnfields");
    api.fname = (char *(*)(const PGresult *, int))dlsym(library, "PQfname");
    api.ftype = (Oid (*)(const PGresult *, int))dlsym(library, "PQftype");
    api.getvalue = (char *(*)(const PGresult *, int, int))dlsym(library, "PQgetvalue");
    api.getlength = (int (*)(const PGresult *, int, int))dlsym(library, "PQgetlength");
    api.getisnull = (int (*)(const PGresult *, int, int))dlsym(library, "PQgetisnull");
    api.cmd_tuples = (char *(*)(PGresult *))dlsym(library, "PQcmdTuples");
    api.connectdb_params
        = (PGconn * (*)(const char *const *, const char *const *, int)) dlsym(library, "PQconnectdbParams");
    api.send_query_params = (int (*)(PGconn *, const char *, int, const Oid *, const char *const *, const int *,
                                     const int *, int))dlsym(library, "PQsendQueryParams");
    api.consume_input = (int (*)(PGconn *))dlsym(library, "PQconsumeInput");
    api.is_busy = (int (*)(PGconn *))dlsym(library, "PQisBusy");
    api.get_result = (PGresult * (*)(PGconn *)) dlsym(library, "PQgetResult");
    api.socket = (int (*)(const PGconn *))dlsym(library, "PQsocket");
    api.loaded = api.connectdb && api.status && api.error_message && api.finish && api.needs_password
        && api.set_notice_processor && api.exec_params && api.result_status && api.result_error_field
        && api.result_error_message && api.clear && api.ntuples && api.nfields && api.fname && api.ftype
        && api.getvalue && api.getlength && api.getisnull && api.cmd_tuples && api.connectdb_params
        && api.send_query_params && api.consume_input && api.is_busy && api.get_result && api.socket;
    nearby_pq_table = api;
}

/* Loads libpq once; returns 1 when it is usable. */
static inline int nearby_pq_load(void) {
    pthread_once(nearby_pq_once_pointer(), nearby_pq_resolve);
    return nearby_pq_table.loaded;
}

static inline PGconn *nearby_pq_connectdb(const char *conninfo) { return nearby_pq_table.connectdb(conninfo); }

/* Connects to the URL with a default connect_timeout (seconds, as text): the URL's own
   connect_timeout, expanded after it, takes precedence. */
static inline PGconn *nearby_pq_connect_url(const char *url, const char *default_timeout) {
    const char *keywords[] = {"connect_timeout", "dbname", NULL};
    const char *values[] = {default_timeout, url, NULL};
    return nearby_pq_table.connectdb_params(keywords, values, 1);
}
static inline int nearby_pq_connection_ok(const PGconn *conn) { return nearby_pq_table.status(conn) == CONNECTION_OK; }
static inline const char *nearby_pq_error_message(const PGconn *conn) { return nearby_pq_table.error_message(conn); }
static inline void nearby_pq_finish(PGconn *conn) { nearby_pq_table.finish(conn); }
static inline int nearby_pq_needs_password(const PGconn *conn) { return nearby_pq_table.needs_password(conn); }

static void nearby_pq_drop_notice(void *arg, const char *message) {
    (void)arg;
    (void)message;
}
static inline void nearby_pq_silence_notices(PGconn *conn) {
    nearby_pq_table.set_notice_processor(conn, nearby_pq_drop_notice, NULL);
}

static inline PGresult *nearby_pq_exec_params(PGconn *conn, const char *command, int count, const Oid *types,
                                              const char *const *values, const int *lengths, const int *formats) {
    /* Results always in text format (resultFormat 0). */
    return nearby_pq_table.exec_params(conn, command, count, types, values, lengths, formats, 0);
}
/* PQexecParams with a deadline: sends the statement, then waits on the connection's socket for at
   most timeout_ms in all. Returns the last result (an error result in preference), or NULL with
   *timed_out set to 1 when the deadline passed (the caller must close the connection: the answer
   may still come), or NULL with *timed_out 0 when the statement could not be sent or the
   connection broke (PQerrorMessage says why). */
static inline long nearby_pq_ms_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}
static inline PGresult *nearby_pq_exec_params_deadline(PGconn *conn, const char *command, int count,
                                                       const Oid *types, const char *const *values,
                                                       const int *lengths, const int *formats, long timeout_ms,
                                                       int *timed_out) {
    *timed_out = 0;
    if (!nearby_pq_table.send_query_params(conn, command, count, types, values, lengths, formats, 0)) return NULL;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    PGresult *kept = NULL;
    for (;;) {
        while (nearby_pq_table.is_busy(conn)) {
            long left = timeout_ms - nearby_pq_ms_since(&start);
            if (left <= 0) {
                if (kept != NULL) nearby_pq_table.clear(kept);
                *timed_out = 1;
                return NULL;
            }
            struct pollfd watch = {nearby_pq_table.socket(conn), POLLIN, 0};
            if (watch.fd < 0) break;
            int ready = poll(&watch, 1, left > 2147483647L ? 2147483647 : (int)left);
            if (ready < 0) continue; /* EINTR: the loop checks the deadline again */
            if (ready > 0 && !nearby_pq_table.consume_input(conn)) break;
        }
        PGresult *next = nearby_pq_table.get_result(conn);
        if (next == NULL) break;
        ExecStatusType status = nearby_pq_table.result_status(next);
        int next_failed = status == PGRES_FATAL_ERROR || status == PGRES_BAD_RESPONSE;
        int kept_failed = kept != NULL && (nearby_pq_table.result_status(kept) == PGRES_FATAL_ERROR
                                           || nearby_pq_table.result_status(kept) == PGRES_BAD_RESPONSE);
        if (kept == NULL || next_failed || !kept_failed) {
            if (kept != NULL) nearby_pq_table.clear(kept);
            kept = next;
        } else {
            nearby_pq_table.clear(next);
        }
    }
    return kept;
}

/* 0 no result at all (out of memory or lost connection), 1 command ok, 2 rows, 3 error,
   4 anything else (COPY, pipeline states: never asked for). */
static inline int nearby_pq_result_kind(const PGresult *result) {
    if (result == NULL) return 0;
    switch (nearby_pq_table.result_status(result)) {
    case PGRES_COMMAND_OK: return 1;
    case PGRES_TUPLES_OK: return 2;
    case PGRES_BAD_RESPONSE:
    case PGRES_NONFATAL_ERROR:
    case PGRES_FATAL_ERROR: return 3;
    default: return 4;
    }
}
static inline const char *nearby_pq_sqlstate(const PGresult *result) {
    return nearby_pq_table.result_error_field(result, PG_DIAG_SQLSTATE);
}
static inline const char *nearby_pq_primary_message(const PGresult *result) {
    return nearby_pq_table.result_error_field(result, PG_DIAG_MESSAGE_PRIMARY);
}
static inline const char *nearby_pq_result_error_message(const PGresult *result) {
    return nearby_pq_table.result_error_message(result);
}
static inline void nearby_pq_clear(PGresult *result) { nearby_pq_table.clear(result); }
static inline int nearby_pq_ntuples(const PGresult *result) { return nearby_pq_table.ntuples(result); }
static inline int nearby_pq_nfields(const PGresult *result) { return nearby_pq_table.nfields(result); }
static inline const char *nearby_pq_fname(const PGresult *result, int column) { return nearby_pq_table.fname(result, column); }
static inline unsigned int nearby_pq_ftype(const PGresult *result, int column) { return nearby_pq_table.ftype(result, column); }
static inline const char *nearby_pq_getvalue(const PGresult *result, int row, int column) {
    return nearby_pq_table.getvalue(result, row, column);
}
static inline int nearby_pq_getlength(const PGresult *result, int row, int column) {
    return nearby_pq_table.getlength(result, row, column);
}
static inline int nearby_pq_getisnull(const PGresult *result, int row, int column) {
    return nearby_pq_table.getisnull(result, row, column);
}
static inline const char *nearby_pq_cmd_tuples(PGresult *result) { return nearby_pq_table.cmd_tuples(result); }
#endif
