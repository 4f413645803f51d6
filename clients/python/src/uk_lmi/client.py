"""The uk-lmi client: the generated methods (`_generated.Operations`) over urllib, standard library only.

The key goes in `X-API-Key` on every call (the spec's credential; `/v1/meta` and the key request
need none). A problem answer raises a `ProblemError` subclass; no answer raises
`LmiConnectionError`. A 429, or a 503 with `Retry-After`, is retried after the wait the server
asks for, at most `max_retries` times and only when that wait is at most `max_retry_wait` seconds.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import time
from pathlib import Path
from typing import Any, Callable, Dict, Mapping, Optional, Union
from urllib.error import HTTPError, URLError
from urllib.parse import quote, urlencode
from urllib.request import Request, urlopen

from . import __version__
from ._generated import OPERATIONS, Operations
from .errors import LmiConnectionError, ProblemError, problem_error, retry_after_seconds

#: Bytes copied at a time from a bulk download to its file: the file is never held in memory.
CHUNK_BYTES = 256 * 1024
RETRIED_STATUSES = (429, 503)


class LmiClient(Operations):
    """A client of one uk-lmi server.

    `base_url` (default `LMI_BASE_URL`) is where the API is, without `/v1`; `api_key` (default
    `LMI_API_KEY`) is sent as `X-API-Key`. `sleep` is how the client waits before a retry.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        timeout: float = 60.0,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        base_url = base_url or os.environ.get("LMI_BASE_URL")
        if not base_url:
            raise ValueError("base_url is required (or set LMI_BASE_URL), e.g. http://localhost:8080")
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key if api_key is not None else os.environ.get("LMI_API_KEY")
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self._sleep = sleep

    # The transport the generated methods call.

    def _call(self, operation_id: str, path: Mapping[str, str], query: Mapping[str, Any], body: Any = None) -> Any:
        with self._open(operation_id, path, query, body) as response:
            data = response.read()
        return json.loads(data) if data else None

    def _download(
        self, operation_id: str, path: Mapping[str, str], query: Mapping[str, Any], to: Union[str, "os.PathLike[str]"]
    ) -> Path:
        target = Path(to)
        partial = target.with_name(target.name + ".part")
        with self._open(operation_id, path, query, None) as response:
            try:
                with open(partial, "wb") as out:
                    shutil.copyfileobj(response, out, CHUNK_BYTES)
            except BaseException:
                partial.unlink(missing_ok=True)
                raise
        os.replace(partial, target)
        return target

    # Data frames from the bulk CSV: optional, each needs its library installed.

    def read_pandas(self, source: str, edition: str = "latest", **read_csv: Any) -> Any:
        """One edition of a source as a pandas DataFrame, from its bulk CSV (`pip install "uk-lmi[pandas]"`)."""
        pandas = _optional("pandas")
        return self._frame(source, edition, lambda path: pandas.read_csv(path, **read_csv))

    def read_polars(self, source: str, edition: str = "latest", **read_csv: Any) -> Any:
        """One edition of a source as a polars DataFrame, from its bulk CSV (`pip install "uk-lmi[polars]"`)."""
        polars = _optional("polars")
        return self._frame(source, edition, lambda path: polars.read_csv(path, **read_csv))

    def _frame(self, source: str, edition: str, read: Callable[[Path], Any]) -> Any:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="uk-lmi-") as folder:
            return read(self.get_bulk_file(source, f"{edition}.csv", to=Path(folder) / f"{source}.csv"))

    # HTTP.

    def _url(self, operation_id: str, path: Mapping[str, str], query: Mapping[str, Any]) -> str:
        _, route = OPERATIONS[operation_id]
        for name, value in path.items():
            route = route.replace("{" + name + "}", quote(str(value), safe=""))
        pairs = [(name, _query_value(value)) for name, value in query.items() if value is not None]
        return self.base_url + route + ("?" + urlencode(pairs) if pairs else "")

    def _open(self, operation_id: str, path: Mapping[str, str], query: Mapping[str, Any], body: Any) -> Any:
        method, _ = OPERATIONS[operation_id]
        url = self._url(operation_id, path, query)
        headers = {"Accept": "application/json, */*", "User-Agent": f"uk-lmi-python/{__version__}"}
        if self.api_key:
            headers["X-API-Key"] = self.api_key
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        attempt = 0
        while True:
            try:
                return urlopen(Request(url, data=data, headers=headers, method=method), timeout=self.timeout)
            except HTTPError as answer:
                with answer:
                    error = _problem_of(operation_id, answer, url)
                wait = retry_after_seconds(answer.headers.get("Retry-After"))
                if (
                    answer.code in RETRIED_STATUSES
                    and wait is not None
                    and attempt < self.max_retries
                    and wait <= self.max_retry_wait
                ):
                    attempt += 1
                    self._sleep(wait)
                    continue
                raise error from None
            except (URLError, socket.timeout, ConnectionError) as failure:
                reason = getattr(failure, "reason", failure)
                raise LmiConnectionError(operation_id, url, reason) from failure


def _problem_of(operation_id: str, answer: HTTPError, url: str) -> ProblemError:
    """The problem an error answer carries, or one built from its status line (RFC 9457 `about:blank`)."""
    headers = {name.lower(): value for name, value in answer.headers.items()}
    raw = answer.read()
    problem: Optional[Dict[str, Any]] = None
    try:
        parsed = json.loads(raw) if raw else None
        if isinstance(parsed, dict) and isinstance(parsed.get("type"), str) and isinstance(parsed.get("status"), int):
            problem = parsed
    except ValueError:
        pass
    if problem is None:
        problem = {
            "type": "about:blank",
            "title": answer.reason or f"HTTP {answer.code}",
            "status": answer.code,
            "detail": f"The answer ({headers.get('content-type', 'no content type')}) carried no problem details",
            "instance": url,
            "requestId": headers.get("x-request-id", ""),
        }
    return problem_error(operation_id, {**problem, "status": answer.code}, headers)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _optional(module: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as missing:
        raise ImportError(
            f"{module} is not installed: `pip install {module}` (or the client's extra, `uk-lmi[{module}]`)"
        ) from missing
