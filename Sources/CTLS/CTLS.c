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
// most runs never speak TLS. Each function below is called through a pointer of its own
// declared type, found with dlsym (libcrypto's through libssl, which depends on it).
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

// From here on each OpenSSL name (and the macros built on SSL_CTX_ctrl and SSL_ctrl) means
// its pointer.
#define TLS_client_method pipe_TLS_client_method
#define SSL_CTX_new pipe_SSL_CTX_new
#define SSL_CTX_ctrl pipe_SSL_CTX_ctrl
#define SSL_CTX_set_options pipe_SSL_CTX_set_options
#define SSL_CTX_set_verify pipe_SSL_CTX_set_verify
#define SSL_CTX_set_default_verify_paths pipe_SSL_CTX_set_default_verify_paths
#define SSL_new pipe_SSL_new
#define SSL_set_fd pipe_SSL_set_fd
#define SSL_get0_param pipe_SSL_get0_param
#define SSL_ctrl pipe_SSL_ctrl
#define X509_VERIFY_PARAM_set1_ip_asc pipe_X509_VERIFY_PARAM_set1_ip_asc
#define X509_VERIFY_PARAM_set_hostflags pipe_X509_VERIFY_PARAM_set_hostflags
#define X509_VERIFY_PARAM_set1_host pipe_X509_VERIFY_PARAM_set1_host
#define SSL_set_connect_state pipe_SSL_set_connect_state
#define SSL_get_error pipe_SSL_get_error
#define ERR_clear_error pipe_ERR_clear_error
#define SSL_do_handshake pipe_SSL_do_handshake
#define SSL_get_verify_result pipe_SSL_get_verify_result
#define SSL_read pipe_SSL_read
#define SSL_write pipe_SSL_write
#define SSL_free pipe_SSL_free
#define SSL_CTX_free pipe_SSL_CTX_free

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
  tls->context = SSL_CTX_new(TLS_client_method());
  if (!tls->context) goto failed;
  SSL_CTX_set_min_proto_version(tls->context, TLS1_2_VERSION);
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
  // A body framed by the end of the connection ends there, as over http:// (its length is
  // capped either way).
  SSL_CTX_set_options(tls->context, SSL_OP_IGNORE_UNEXPECTED_EOF);
#endif
  SSL_CTX_set_verify(tls->context, SSL_VERIFY_PEER, NULL);
  if (SSL_CTX_set_default_verify_paths(tls->context) != 1) goto failed;
  tls->ssl = SSL_new(tls->context);
  if (!tls->ssl || SSL_set_fd(tls->ssl, fd) != 1) goto failed;
  X509_VERIFY_PARAM *checks = SSL_get0_param(tls->ssl);
  if (is_address(host)) {
    if (X509_VERIFY_PARAM_set1_ip_asc(checks, host) != 1) goto failed;
  } else {
    if (SSL_set_tlsext_host_name(tls->ssl, host) != 1) goto failed;
    X509_VERIFY_PARAM_set_hostflags(checks, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    if (X509_VERIFY_PARAM_set1_host(checks, host, 0) != 1) goto failed;
  }
  SSL_set_connect_state(tls->ssl);
  return tls;
failed:
  pipe_tls_close(tls);
  return NULL;
}

/// What OpenSSL's answer `result` of a call means for the caller.
static long outcome(pipe_tls *tls, int result) {
  switch (SSL_get_error(tls->ssl, result)) {
  case SSL_ERROR_WANT_READ: return PIPE_TLS_WANT_READ;
  case SSL_ERROR_WANT_WRITE: return PIPE_TLS_WANT_WRITE;
  case SSL_ERROR_ZERO_RETURN: return 0;
  default:
    ERR_clear_error();
    return PIPE_TLS_FAILED;
  }
}

int pipe_tls_handshake(pipe_tls *tls) {
  int result = SSL_do_handshake(tls->ssl);
  if (result == 1) return 1;
  long next = outcome(tls, result);
  if (next == PIPE_TLS_FAILED || next == 0) {
    tls->untrusted = SSL_get_verify_result(tls->ssl) != X509_V_OK;
    return PIPE_TLS_FAILED;
  }
  return (int)next;
}

int pipe_tls_untrusted(pipe_tls *tls) { return tls->untrusted; }

long pipe_tls_read(pipe_tls *tls, void *buffer, unsigned long size) {
  int chunk = size > 1 << 20 ? 1 << 20 : (int)size;
  int result = SSL_read(tls->ssl, buffer, chunk);
  return result > 0 ? result : outcome(tls, result);
}

long pipe_tls_write(pipe_tls *tls, const void *buffer, unsigned long size) {
  int chunk = size > 1 << 20 ? 1 << 20 : (int)size;
  int result = SSL_write(tls->ssl, buffer, chunk);
  if (result > 0) return result;
  long next = outcome(tls, result);
  return next == 0 ? PIPE_TLS_FAILED : next;
}

void pipe_tls_close(pipe_tls *tls) {
  if (!tls) return;
  if (tls->ssl) SSL_free(tls->ssl);
  if (tls->context) SSL_CTX_free(tls->context);
  free(tls);
}
