"""uk-lmi: a Python client of the uk-lmi API (UK labour market information by SOC 2020 occupation).

    from uk_lmi import LmiClient
    lmi = LmiClient("http://localhost:8080", api_key="...")
    pay = lmi.get_occupation_pay(lmi.search_occupations(q="software developer")[0]["soc2020"])
"""
__version__ = "0.1.0"

from ._generated import OPERATIONS  # noqa: E402
from .client import LmiClient  # noqa: E402
from .errors import (  # noqa: E402
    BadRequest,
    LmiConnectionError,
    LmiError,
    NotFound,
    ProblemError,
    RateLimited,
    ServerError,
    ServiceFailure,
    Unauthorized,
)

__all__ = [
    "OPERATIONS",
    "BadRequest",
    "LmiClient",
    "LmiConnectionError",
    "LmiError",
    "NotFound",
    "ProblemError",
    "RateLimited",
    "ServerError",
    "ServiceFailure",
    "Unauthorized",
]
