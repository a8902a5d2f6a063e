"""docs/API.md: every `>>>` example in it runs and prints what the document says."""

import doctest
import os

API_MD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "API.md")


def test_api_examples():
    result = doctest.testfile(API_MD, module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20
    assert result.failed == 0
