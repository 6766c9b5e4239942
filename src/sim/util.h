/* SPDX-License-Identifier: MIT */
/*
 * util.h - small helpers shared by the simulator and the command line.
 */
#ifndef RECLAIMSIM_UTIL_H
#define RECLAIMSIM_UTIL_H

#include <stddef.h>

/*
 * read_file - read all of @path into a NUL-terminated buffer the caller
 * frees; its length (without the NUL) goes to *@lenp if @lenp is not NULL.
 * @maxbytes limits the size of the file (0: no limit).
 * Returns NULL with errno set (as fopen() sets it, ENOMEM, EFBIG for a file
 * over @maxbytes, EIO for a read error) and, if @err is not NULL, one of
 *   "PATH: <strerror>"       cannot open, or over @maxbytes
 *   "PATH: out of memory"
 *   "PATH: read error"
 * in @err.
 */
char *read_file(const char *path, size_t maxbytes, size_t *lenp, char *err, size_t errlen);

#endif
