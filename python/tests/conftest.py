# What every test of the Python module shares: the repository's paths, mrsim (the oracle the
# module must agree with, from MRX_MRSIM) and a scratch folder that is removed afterwards.
import os
import pathlib
import subprocess
import sys
import tempfile

import pytest

SOURCE = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = SOURCE / "samples"
MRSIM = os.environ.get("MRX_MRSIM", "mrsim")

# CTest gives each test its own TMPDIR, which the test makes (as the C++ test programs do).
if os.environ.get("TMPDIR"):
    os.makedirs(os.environ["TMPDIR"], exist_ok=True)


def mrsim(*args, check=True):
    """mrsim ARGS: the completed process (stdout and stderr as text)."""
    done = subprocess.run([MRSIM, *map(str, args)], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"mrsim {' '.join(map(str, args))}: {done.stderr}")
    return done


def mrsim_error(*args):
    """The one line mrsim prints for bad input, without its "mrsim: error: " prefix."""
    done = mrsim(*args, check=False)
    assert done.returncode == 2, done.stderr
    line = done.stderr.strip()
    assert line.startswith("mrsim: error: ") and "\n" not in line, line
    return line[len("mrsim: error: "):]


@pytest.fixture
def scratch():
    with tempfile.TemporaryDirectory(prefix="mrx-python-") as folder:
        yield pathlib.Path(folder)


@pytest.fixture(scope="session")
def python():
    return sys.executable
