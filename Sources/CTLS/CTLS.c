#include "CTLS.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <pthread.h>
#include <stdlib.h>

// OpenSSL is opened at the first https:// request, not linked: loading libssl and libcrypto
// at start-up cost every run of pipe and of its plugins about 2 ms (their relocations), and
// most runs never speak TLS. Each function is called as pipe_NAME, a pointer of NAME's own
// declared type found with dlsym (libcrypto's through libssl, which depends on it).
#define PIPE_TLS_FUNCTIONS(X) \
  X(TLS_client_method) X(SSL_CTX_new) X(SSL_CTX_ctrl) X(SSL_CTX_set_options) X(SSL_CTX_set_verify) \
  X(SSL_CTX_set_default_verify_paths) X(SSL_new) X(SSL_set_fd) X(SSL_get0_param) X(SSL_ctrl) \
  X(X509_VERIFY_PARAM_set1_ip_asc) X(X509_VERIFY_PARAM_set_hostflags) X(X509_VERIFY_PARAM_set1_host) \
  X(SSL_set_connect_state) X(SSL_get_error) X(ERR_clear_error) X(SSL_do_handshake) \
  X(SSL_get_verify_result) X(SSL_read) X(SSL_write) X(SSL_free) X(SSL_CTX_free)

#define PIPE_TLS_POINTER(name) static __typeof__(name) *pipe_##name;
PIPE_TLS_FUNCTIONS(PIPE_TLS_POINTER)

static pthread_once_t opening = PTHREAD_ONCE_INIT;
static int opened;

static void open_openssl(void) {
  void *library = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL);
  if (!library) library = dlopen("libssl.so", RTLD_NOW | RTLD_LOCAL);
  if (!library) return;
#define PIPE_TLS_FIND(name) \
  if (!(pipe_##name = (__typeof__(name) *)dlsym(library, #name))) return;
  PIPE_TLS_FUNCTIONS(PIPE_TLS_FIND)
  opened = 1;
}

int pipe_tls_available(void) {
  pthread_once(&opening, open_openssl);
  return opened;
}

// OpenSSL's macros used below call these two by name.
#define SSL_CTX_ctrl pipe_SSL_CTX_ctrl
#define SSL_ctrl pipe_SSL_ctrl

struct pipe_tls {
  SSL_CTX *context;
  SSL *ssl;
  int untrusted;
};

static int is_address(const char *host) {
  unsigned char bytes[16];
  return inet_pton(AF_INET, host, bytes) == 1 || inet_pton(AF_INET6, host, bytes) == 1;
}

pipe_tls *pipe_tls_open(int fd, const char *host) {
  if (!pipe_tls_available()) return NULL;
  pipe_tls *tls = calloc(1, sizeof *tls);
  if (!tls) return NULL;
  tls->context = pipe_SSL_CTX_new(pipe_TLS_client_method());
  if (!tls->context) goto failed;
  SSL_CTX_set_min_proto_version(tls->context, TLS1_2_VERSION);
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
  // A body framed by the end of the connection ends there, as over http:// (its length is
  // capped either way).
  pipe_SSL_CTX_set_options(tls->context, SSL_OP_IGNORE_UNEXPECTED_EOF);
#endif
  pipe_SSL_CTX_set_verify(tls->context, SSL_VERIFY_PEER, NULL);
  if (pipe_SSL_CTX_set_default_verify_paths(tls->context) != 1) goto failed;
  tls->ssl = pipe_SSL_new(tls->context);
  if (!tls->ssl || pipe_SSL_set_fd(tls->ssl, fd) != 1) goto failed;
  X509_VERIFY_PARAM *checks = pipe_SSL_get0_param(tls->ssl);
  if (is_address(host)) {
    if (pipe_X509_VERIFY_PARAM_set1_ip_asc(checks, host) != 1) goto failed;
  } else {
    if (SSL_set_tlsext_host_name(tls->ssl, host) != 1) goto failed;
    pipe_X509_VERIFY_PARAM_set_hostflags(checks, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    if (pipe_X509_VERIFY_PARAM_set1_host(checks, host, 0) != 1) goto failed;
  }
  pipe_SSL_set_connect_state(tls->ssl);
  return tls;
failed:
  pipe_tls_close(tls);
  return NULL;
}

/// What OpenSSL's answer `result` of a call means for the caller.
static long outcome(pipe_tls *tls, int result) {
  switch (pipe_SSL_get_error(tls->ssl, result)) {
  case SSL_ERROR_WANT_READ: return PIPE_TLS_WANT_READ;
  case SSL_ERROR_WANT_WRITE: return PIPE_TLS_WANT_WRITE;
  case SSL_ERROR_ZERO_RETURN: return 0;
  default:
    pipe_ERR_clear_error();
    return PIPE_TLS_FAILED;
  }
}

int pipe_tls_handshake(pipe_tls *tls) {
  int result = pipe_SSL_do_handshake(tls->ssl);
  if (result == 1) return 1;
  long next = outcome(tls, result);
  if (next == PIPE_TLS_FAILED || next == 0) {
    tls->untrusted = pipe_SSL_get_verify_result(tls->ssl) != X509_V_OK;
    return PIPE_TLS_FAILED;
  }
  return (int)next;
}

int pipe_tls_untrusted(pipe_tls *tls) { return tls->untrusted; }

long pipe_tls_read(pipe_tls *tls, void *buffer, unsigned long size) {
  int chunk = size > 1 << 20 ? 1 << 20 : (int)size;
  int result = pipe_SSL_read(tls->ssl, buffer, chunk);
  return result > 0 ? result : outcome(tls, result);
}

long pipe_tls_write(pipe_tls *tls, const void *buffer, unsigned long size) {
  int chunk = size > 1 << 20 ? 1 << 20 : (int)size;
  int result = pipe_SSL_write(tls->ssl, buffer, chunk);
  if (result > 0) return result;
  long next = outcome(tls, result);
  return next == 0 ? PIPE_TLS_FAILED : next;
}

void pipe_tls_close(pipe_tls *tls) {
  if (!tls) return;
  if (tls->ssl) pipe_SSL_free(tls->ssl);
  if (tls->context) pipe_SSL_CTX_free(tls->context);
  free(tls);
}
