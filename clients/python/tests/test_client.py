"""The client against a real uk-lmi server: `LMI_BASE_URL`, `LMI_API_KEY`, and `LMI_LIMITED_KEY` (a
key allowed one request a minute). test/clients/python/uk_lmi.test.ts starts the server on the test
template and runs these; by hand: `python3 -m unittest discover -s tests` in clients/python.
"""
import hashlib
import os
import socket
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from urllib.request import Request, urlopen

from uk_lmi import (
    BadRequest,
    LmiClient,
    LmiConnectionError,
    NotFound,
    ProblemError,
    RateLimited,
    ServerError,
    ServiceFailure,
    Unauthorized,
)

BASE_URL = os.environ.get("LMI_BASE_URL", "")
API_KEY = os.environ.get("LMI_API_KEY", "")


def raised(call):
    try:
        call()
    except Exception as error:  # noqa: BLE001: the test inspects what was raised
        return error
    raise AssertionError("the call should have raised")


class AgainstTheServer(unittest.TestCase):
    def setUp(self):
        self.assertTrue(BASE_URL and API_KEY, "LMI_BASE_URL and LMI_API_KEY must name a running server and a key")
        self.lmi = LmiClient(BASE_URL, API_KEY)

    def test_fetches_an_occupation_and_its_pay_as_the_api_serves_them(self):
        # (Not by search: its first call builds the search index, which the TypeScript client's test already pays for.)
        group = self.lmi.get_occupation("2134")
        self.assertEqual(group["soc2020"], "2134")
        pay = self.lmi.get_occupation_pay(group["soc2020"], measure="hourly_pay_gross", pattern="fulltime")
        with urlopen(
            Request(
                f"{BASE_URL}/v1/occupations/2134/pay?measure=hourly_pay_gross&pattern=fulltime",
                headers={"X-API-Key": API_KEY},
            )
        ) as raw:
            import json

            self.assertEqual(pay, json.load(raw))
        self.assertEqual(pay["measure"], "hourly_pay_gross")
        self.assertIn("provenance", pay)

    def test_a_404_is_not_found_with_the_rfc_9457_fields(self):
        error = raised(lambda: self.lmi.get_occupation("9999"))
        self.assertIsInstance(error, NotFound)
        self.assertNotIsInstance(error, ServiceFailure)
        self.assertEqual((error.status, error.kind), (404, "occupation-not-found"))
        self.assertTrue(error.title and error.detail)
        self.assertEqual(error.instance, "/v1/occupations/9999")
        self.assertEqual(error.request_id, error.headers["x-request-id"])
        missing = raised(lambda: self.lmi.get_occupation_regional_pay("2134"))
        self.assertEqual((missing.kind, missing.extensions["source"]), ("source-unavailable", "ashe-table15"))

    def test_a_400_lists_the_valid_values(self):
        error = raised(lambda: self.lmi.get_occupation_pay("2134", measure="monthly"))
        self.assertIsInstance(error, BadRequest)
        self.assertEqual(error.invalid_params[0]["name"], "measure")
        self.assertIn("annual_pay_gross", error.invalid_params[0]["validValues"])

    def test_the_key_is_sent_as_x_api_key_and_a_missing_one_is_a_401(self):
        error = raised(lambda: LmiClient(BASE_URL, "").list_occupations())
        self.assertIsInstance(error, Unauthorized)
        self.assertEqual(error.kind, "missing-api-key")
        self.assertTrue(any(s["key"] == "ashe-table14" for s in LmiClient(BASE_URL, "").list_sources()))

    def test_a_bulk_file_is_streamed_to_disk_byte_for_byte(self):
        with tempfile.TemporaryDirectory() as folder:
            path = self.lmi.get_bulk_file("soc2020-structure", "latest.csv", to=Path(folder) / "groups.csv")
            self.assertEqual(sorted(os.listdir(folder)), ["groups.csv"])
            with urlopen(
                Request(f"{BASE_URL}/v1/bulk/soc2020-structure/latest.csv", headers={"X-API-Key": API_KEY})
            ) as raw:
                expected = hashlib.sha256(raw.read()).hexdigest()
            self.assertEqual(hashlib.sha256(path.read_bytes()).hexdigest(), expected)
            self.assertTrue(path.read_text("utf-8").startswith("soc2020,"))
            self.assertIsInstance(raised(lambda: self.lmi.get_bulk_file("soc2020-structure", "1999.csv", to=path)), ProblemError)
            self.assertTrue(path.exists(), "a refused download leaves the earlier file alone")

    def test_a_data_frame_helper_needs_its_library(self):
        try:
            import pandas  # noqa: F401
        except ImportError:
            error = raised(lambda: self.lmi.read_pandas("soc2020-structure"))
            self.assertIsInstance(error, ImportError)
            self.assertIn("pip install pandas", str(error))
        else:
            frame = self.lmi.read_pandas("soc2020-structure", dtype={"soc2020": str})
            self.assertIn("2134", set(frame["soc2020"]))

    def test_a_429_is_retried_after_retry_after_then_raised(self):
        waits = []
        limited = LmiClient(BASE_URL, os.environ["LMI_LIMITED_KEY"], max_retries=2, max_retry_wait=120, sleep=waits.append)
        limited.list_occupations()
        error = raised(limited.list_occupations)
        self.assertIsInstance(error, RateLimited)
        self.assertEqual(len(waits), 2)
        self.assertTrue(all(0 < wait <= 60 for wait in waits), waits)
        self.assertEqual(error.retry_after, float(error.headers["retry-after"]))
        impatient = LmiClient(BASE_URL, os.environ["LMI_LIMITED_KEY"], max_retry_wait=0.5, sleep=waits.append)
        self.assertIsInstance(raised(impatient.list_occupations), RateLimited)
        self.assertEqual(len(waits), 2, "a wait longer than max_retry_wait is not waited for")


class Answers(BaseHTTPRequestHandler):
    """A stand-in for what is in front of the API: a proxy's page, a short 429 then the answer."""

    calls = 0

    def do_GET(self):  # noqa: N802: http.server's name
        Answers.calls += 1
        if self.path.startswith("/v1/meta/sources") and Answers.calls == 1:
            self._send(429, "application/problem+json", b'{"type":"/problems/rate-limited","title":"Too many requests","status":429}', {"Retry-After": "0"})
        elif self.path.startswith("/v1/meta/sources"):
            self._send(200, "application/json", b"[]")
        else:
            self._send(502, "text/html", b"<h1>Bad Gateway</h1>")

    def _send(self, status, content_type, body, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class InFrontOfTheServer(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = HTTPServer(("127.0.0.1", 0), Answers)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.url = f"http://127.0.0.1:{cls.server.server_address[1]}"

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def test_a_429_then_the_answer(self):
        waits = []
        self.assertEqual(LmiClient(self.url, "k", sleep=waits.append).list_sources(), [])
        self.assertEqual(waits, [0.0])

    def test_a_page_that_is_no_problem_is_a_service_failure_with_a_problem_built_from_its_status(self):
        error = raised(lambda: LmiClient(self.url, "k").get_occupation("2134"))
        self.assertIsInstance(error, ServerError)
        self.assertIsInstance(error, ServiceFailure)
        self.assertEqual((error.status, error.type, error.title), (502, "about:blank", "Bad Gateway"))
        self.assertIn("text/html", error.detail)

    def test_no_answer_is_a_connection_error_never_a_not_found(self):
        with socket.socket() as unused:
            unused.bind(("127.0.0.1", 0))
            port = unused.getsockname()[1]
        error = raised(lambda: LmiClient(f"http://127.0.0.1:{port}", "k", timeout=5).get_occupation("2134"))
        self.assertIsInstance(error, LmiConnectionError)
        self.assertIsInstance(error, ServiceFailure)
        self.assertNotIsInstance(error, NotFound)


if __name__ == "__main__":
    unittest.main()
