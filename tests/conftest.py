"""Suite-wide fixtures."""

import pytest


@pytest.fixture(autouse=True)
def _private_result_cache(tmp_path_factory, monkeypatch):
    """Each test gets its own result cache, so tests never read or fill the repo's .designlab-cache."""
    monkeypatch.setenv("DESIGNLAB_CACHE", str(tmp_path_factory.mktemp("cache")))
