"""What the client raises: the API's RFC 9457 problems, and failures to get an answer at all.

Catch `NotFound` for "there is no such occupation, area or edition", and `ServiceFailure` for
"the service could not answer" (no connection, a timeout, a 5xx): the two must never be confused.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

PROBLEM_FIELDS = ("type", "title", "status", "detail", "instance")


class LmiError(Exception):
    """Every error the client raises."""


class ServiceFailure(LmiError):
    """The service could not give an answer: the network, a timeout, or a 5xx."""


class LmiConnectionError(ServiceFailure):
    """No HTTP answer at all (refused, reset, timed out, DNS)."""

    def __init__(self, operation_id: str, url: str, reason: object) -> None:
        super().__init__(f"{operation_id}: no answer from {url}: {reason}")
        self.operation_id = operation_id
        self.url = url
        self.reason = reason


class ProblemError(LmiError):
    """A problem answer (4xx, 5xx) with its RFC 9457 fields; `extensions` holds the others (`requestId`, `invalidParams`, `source`)."""

    def __init__(self, operation_id: str, problem: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        self.operation_id = operation_id
        self.problem: Dict[str, Any] = dict(problem)
        self.type: str = str(problem.get("type", "about:blank"))
        self.title: str = str(problem.get("title", ""))
        self.status: int = int(problem.get("status", 0))
        self.detail: Optional[str] = problem.get("detail")
        self.instance: Optional[str] = problem.get("instance")
        self.extensions: Dict[str, Any] = {k: v for k, v in problem.items() if k not in PROBLEM_FIELDS}
        self.headers = dict(headers)
        super().__init__(f"{operation_id}: {self.status} {self.title}: {self.detail}")

    @property
    def kind(self) -> str:
        """The last part of `type`: `occupation-not-found`, `source-unavailable`, `rate-limited`..."""
        return self.type.rsplit("/", 1)[-1]

    @property
    def request_id(self) -> Optional[str]:
        return self.extensions.get("requestId")

    @property
    def invalid_params(self) -> List[Dict[str, Any]]:
        """On a 400: each parameter refused, with `validValues` where it has them."""
        return list(self.extensions.get("invalidParams") or [])


class BadRequest(ProblemError):
    """400: a parameter the endpoint does not take or a value it refuses (`invalid_params` says what is valid)."""


class Unauthorized(ProblemError):
    """401: the key is missing, unknown or revoked."""


class NotFound(ProblemError):
    """404: no such occupation, area, webhook or edition, or a source with no release (`extensions['source']`)."""


class RateLimited(ProblemError):
    """429 after the client's retries: `retry_after` is the wait in seconds the server asked for."""

    @property
    def retry_after(self) -> Optional[float]:
        return retry_after_seconds(self.headers.get("retry-after"))


class ServerError(ProblemError, ServiceFailure):
    """5xx: the service failed or is not ready (503 says what it lacks in `detail`)."""

    @property
    def retry_after(self) -> Optional[float]:
        return retry_after_seconds(self.headers.get("retry-after"))


def retry_after_seconds(value: Optional[str]) -> Optional[float]:
    """`Retry-After` as seconds: delay-seconds, or an HTTP date (RFC 9110 section 10.2.3)."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    from email.utils import parsedate_to_datetime
    from datetime import datetime, timezone

    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


def problem_error(operation_id: str, problem: Mapping[str, Any], headers: Mapping[str, str]) -> ProblemError:
    """The error class of a problem's status."""
    status = int(problem.get("status", 0))
    cls = {400: BadRequest, 401: Unauthorized, 404: NotFound, 429: RateLimited}.get(status)
    if cls is None:
        cls = ServerError if status >= 500 else ProblemError
    return cls(operation_id, problem, headers)
