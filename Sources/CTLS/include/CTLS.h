#ifndef PIPE_CTLS_H
#define PIPE_CTLS_H

/// TLS over a connected, non-blocking socket, with OpenSSL, for the live sources' https://
/// client: the peer's certificate is checked against the system's CA store and must name
/// `host` (a DNS name or an IP address). There is no way to turn the check off. Each call
/// does what it can without blocking and says what it waits for, so that the caller keeps
/// one deadline (poll) for the whole exchange.

/// What a call needs before it can go on.
enum {
  PIPE_TLS_WANT_READ = -1,
  PIPE_TLS_WANT_WRITE = -2,
  PIPE_TLS_FAILED = -3,
};

typedef struct pipe_tls pipe_tls;

/// Whether OpenSSL (libssl.so.3) could be opened: it is opened at the first call.
int pipe_tls_available(void);

/// A TLS client on `fd` for `host`; NULL when OpenSSL cannot make one (or is not installed).
pipe_tls *pipe_tls_open(int fd, const char *host);

/// Goes on with the handshake: 1 when done, or PIPE_TLS_WANT_READ, PIPE_TLS_WANT_WRITE,
/// PIPE_TLS_FAILED.
int pipe_tls_handshake(pipe_tls *tls);

/// Whether the handshake failed because the peer's certificate was not trusted (or named
/// another host).
int pipe_tls_untrusted(pipe_tls *tls);

/// Reads up to `size` bytes: how many (0 at the end of the stream), or a PIPE_TLS_ code.
long pipe_tls_read(pipe_tls *tls, void *buffer, unsigned long size);

/// Writes up to `size` bytes: how many, or a PIPE_TLS_ code.
long pipe_tls_write(pipe_tls *tls, const void *buffer, unsigned long size);

/// Frees the client (the socket stays open).
void pipe_tls_close(pipe_tls *tls);

#endif
