# The published makespans of [Verma12] Figure 4, scenario 2 (samples/figure4-scenario2.json):
# Johnson's order simulates to 47, BalancedPools reaches 40 ([Verma12] §III-C) and HScheduler
# 35 2/3 ([Tian16] Example 2).
import pytest

import mrx
from conftest import SAMPLES


@pytest.fixture(scope="module")
def scenario2():
    return mrx.load(str(SAMPLES / "figure4-scenario2.json"))


@pytest.mark.parametrize(
    "algorithm, makespan", [("balanced-pools", 40.0), ("johnson", 47.0), ("hscheduler", 35 + 2 / 3)]
)
def test_figure4_scenario2_makespans(scenario2, algorithm, makespan):
    result = mrx.run(scenario2, algorithm)
    assert result.algorithm == algorithm
    assert result.makespan == pytest.approx(makespan, rel=1e-12)


def test_johnson_order_is_the_papers(scenario2):
    assert mrx.run(scenario2, "johnson").order == ["J2", "J5", "J1", "J4", "J3"]


def test_balanced_pools_uses_two_pools_of_the_paper(scenario2):
    table = mrx.run(scenario2, "balanced-pools").to_json()
    pools = sorted((p["nodes"], sorted(p["jobs"])) for p in table["pools"])
    assert pools == [(10, ["J1", "J2", "J5"]), (20, ["J3", "J4"])]
