// SPDX-License-Identifier: MIT
/* oracle.c - placeholder replaced by the oracle comparison (in progress) */
#include <stdio.h>

#include "oracle.h"

int oracle_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "reclaimsim: oracle: not built yet\n");
	return 1;
}
