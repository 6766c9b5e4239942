// SPDX-License-Identifier: MIT
/*
 * util.c - small helpers shared by the simulator and the command line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define READ_FILE_FIRST 65536 /* the first buffer; it doubles from there */
#define READ_FILE_ROOM 4096 /* grow when less than this is left */

char *read_file(const char *path, size_t maxbytes, size_t *lenp, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int e;

	if (!f) {
		e = errno;
		if (err)
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		errno = e;
		return NULL;
	}
	for (;;) {
		size_t n;

		if (cap - len < READ_FILE_ROOM) {
			size_t ncap = cap ? 2 * cap : READ_FILE_FIRST;
			char *nb = realloc(buf, ncap + 1);

			if (!nb) {
				e = ENOMEM;
				if (err)
					snprintf(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			buf = nb;
			cap = ncap;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (maxbytes && len > maxbytes) {
			e = EFBIG;
			if (err)
				snprintf(err, errlen, "%s: %s", path, strerror(e));
			goto fail;
		}
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		e = errno ? errno : EIO; /* fread's: EISDIR for a directory */
		if (err)
			snprintf(err, errlen, "%s: %s", path, strerror(e));
		goto fail;
	}
	fclose(f);
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
fail:
	fclose(f);
	free(buf);
	errno = e;
	return NULL;
}
