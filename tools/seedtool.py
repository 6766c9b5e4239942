"""seedtool.py - what the tools/seedNNN.py scripts share: the repository
they belong to (they run from any directory) and how they end."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECLAIMSIM = os.path.join(ROOT, "build", "reclaimsim")


def run_main(main):
    """sys.exit(main()): a failed reclaimsim run or an OS error ends in
    one line naming the script, exit status 1, not a traceback."""
    prog = os.path.basename(sys.argv[0])
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as e:
        sys.exit("%s: %s exited with status %d" % (prog, " ".join(e.cmd), e.returncode))
    except (OSError, ValueError) as e:
        sys.exit("%s: %s" % (prog, e))
