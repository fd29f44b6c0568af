"""A local 2-worker Dask cluster shared by the tests of a session (a second start costs 1-2 s)."""

from __future__ import annotations

import pytest

NO_CLUSTER = 'the cluster extra (Dask distributed) is not installed: pip install -e ".[cluster]"'


@pytest.fixture(scope="session")
def cluster_address():
    pytest.importorskip("distributed", reason=NO_CLUSTER)
    import logging

    from distributed import LocalCluster

    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.ERROR
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()
