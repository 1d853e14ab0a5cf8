# The workload functions are mrsim's: generate, import rumen and import swim make the files mrsim
# writes for the same options, byte for byte; load reads them back to the same workload.
import pytest

import mrx
from conftest import SOURCE, mrsim

TRACES = SOURCE / "tests" / "data" / "traces"


def written_by_mrsim(scratch, *args):
    out = scratch / "mrsim.json"
    mrsim(*args, "-o", out)
    return out.read_text()


def test_generate_equals_mrsim_generate(scratch):
    expected = written_by_mrsim(scratch, "generate", "facebook", "--jobs", 30, "--seed", 7,
                                "--nodes", 12, "--interarrival", 25, "--deadline-factor", "1:3")
    workload = mrx.generate("facebook", jobs=30, seed=7, nodes=12, interarrival=25,
                            deadline_factor="1:3")
    assert workload.to_json() == expected
    assert len(workload) == 30 and workload.nodes == 12


def test_import_swim_equals_mrsim_import_swim(scratch):
    trace = TRACES / "swim" / "FB-2009_samples_24_times_1hr_0.tsv"
    expected = written_by_mrsim(scratch, "import", "swim", trace, "--jobs", 200,
                                "--block-size", 128000000, "--nodes", 20)
    workload = mrx.import_swim(str(trace), jobs=200, block_size=128000000, nodes=20)
    assert workload.to_json() == expected


def test_import_rumen_equals_mrsim_import_rumen(scratch):
    trace = TRACES / "rumen" / "2jobs2min-rumen-jh.json"
    expected = written_by_mrsim(scratch, "import", "rumen", trace, "--nodes", 4)
    workload = mrx.import_rumen(str(trace), nodes=4)
    assert workload.to_json() == expected
    path = scratch / "again.json"
    workload.save(str(path))
    assert mrx.load(str(path)).to_json() == expected


def test_unknown_kind_is_the_cli_line():
    with pytest.raises(ValueError, match="field 'kind': unknown workload kind 'yahoo'"):
        mrx.generate("yahoo")
