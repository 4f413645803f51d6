import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RequestDurations } from '../../src/http/request-durations.js';

describe('request durations, counted in place', () => {
  it('writes a Prometheus histogram: cumulative buckets, +Inf, sum and count per method, route and status', () => {
    const durations = new RequestDurations();
    const pay = { url: '/v1/occupations/:soc/pay' };
    for (const seconds of [0.0001, 0.0007, 0.003, 7]) durations.observe(pay, 'GET', 200, seconds);
    durations.observe(pay, 'HEAD', 200, 0.0002);
    const text = durations.exposition();
    const labels = 'method="GET",route="/v1/occupations/:soc/pay",status="200"';
    const value = (series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1],
      );
    assert.equal(value(`lmi_http_request_duration_seconds_bucket{le="0.0005",${labels}}`), 1);
    assert.equal(value(`lmi_http_request_duration_seconds_bucket{le="0.001",${labels}}`), 2);
    assert.equal(value(`lmi_http_request_duration_seconds_bucket{le="0.005",${labels}}`), 3);
    assert.equal(value(`lmi_http_request_duration_seconds_bucket{le="2.5",${labels}}`), 3);
    assert.equal(value(`lmi_http_request_duration_seconds_bucket{le="+Inf",${labels}}`), 4);
    assert.equal(value(`lmi_http_request_duration_seconds_count{${labels}}`), 4);
    assert.ok(Math.abs(value(`lmi_http_request_duration_seconds_sum{${labels}}`) - 7.0038) < 1e-9);
    assert.equal(
      value('lmi_http_request_duration_seconds_count{method="HEAD",route="/v1/occupations/:soc/pay",status="200"}'),
      1,
    );
    assert.match(text, /^# TYPE lmi_http_request_duration_seconds histogram$/m);
  });

  it('counts unmatched paths under one label, and derives the 429s by route', () => {
    const durations = new RequestDurations();
    durations.observe({}, 'GET', 404, 0.001);
    durations.observe(null, 'GET', 404, 0.001);
    durations.observe({ url: '/v1/occupations/:soc' }, 'GET', 429, 0.001);
    durations.observe({ url: '/v1/occupations/:soc' }, 'GET', 429, 0.001);
    const text = durations.exposition();
    assert.match(text, /^lmi_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 2$/m);
    assert.match(text, /^lmi_http_rate_limited_total\{route="\/v1\/occupations\/:soc"\} 2$/m);
    assert.match(text, /^# TYPE lmi_http_rate_limited_total counter$/m);
  });

  it('escapes label values as the text format requires', () => {
    const durations = new RequestDurations();
    durations.observe({ url: '/a"b\\c' }, 'GET', 200, 0.001);
    assert.match(durations.exposition(), /route="\/a\\"b\\\\c"/);
  });
});
