"""The optional extras of a run (Ray, matplotlib), imported only when a run asks for them."""

from __future__ import annotations

import importlib
from typing import Any

from terra.core.errors import TerraError


def import_extra(module: str, extra: str, missing: str) -> Any:
    """The module named ``module``, which the extra ``extra`` installs; without it, a
    :class:`TerraError` that says ``missing`` and how to install the extra.

    >>> import_extra("no_such_module", "x", "x is missing")
    Traceback (most recent call last):
    terra.core.errors.TerraError: x is missing; install the extra: pip install "terra-incognita[x]"
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise TerraError(
            f'{missing}; install the extra: pip install "terra-incognita[{extra}]"'
        ) from None
