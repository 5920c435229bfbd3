#ifndef FLOWSTAGE_CMICROHTTPD_SHIM_H
#define FLOWSTAGE_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/*
 * MHD_get_connection_info is variadic, so Swift does not import it.
 * These two static inline helpers are compiled by the Swift compiler's
 * Clang importer; they avoid a separate C target.
 */

/** The client's socket address, or NULL. */
static inline const struct sockaddr *
flowstage_mhd_client_address(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return (NULL == info) ? NULL : info->client_addr;
}

/** The per-connection pointer set by the MHD_OPTION_NOTIFY_CONNECTION callback, or NULL. */
static inline void *
flowstage_mhd_socket_context(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return (NULL == info) ? NULL : info->socket_context;
}

/** The connection's socket, or -1. */
static inline int
flowstage_mhd_connection_fd(struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return (NULL == info) ? -1 : info->connect_fd;
}

#endif
