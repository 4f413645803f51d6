import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { distributionChart, lineChart } from '../../src/explore/charts.js';

describe('charts', () => {
  const show = (v: number) => `£${v}`;

  it('draw the median of a distribution, leaving withheld percentiles out', () => {
    const chart = distributionChart(
      'd',
      [
        { name: 'p10', value: null },
        { name: 'p25', value: 100 },
        { name: 'median', value: 150 },
        { name: 'p75', value: 300 },
        { name: 'p90', value: null },
      ],
      show,
    )!;
    assert.match(chart.markup, /data-median="150"/);
    assert.match(chart.markup, />Median £150<\/text>/);
    assert.equal(chart.markup.match(/<g class="tick">/g)?.length, 3);
    assert.doesNotMatch(chart.markup, /10th|90th/);
    assert.equal(
      distributionChart(
        'd',
        [
          { name: 'median', value: null },
          { name: 'p25', value: 1 },
        ],
        show,
      ),
      null,
    );
  });

  it('break a line at a withheld point and say so', () => {
    const chart = lineChart(
      'l',
      't',
      [
        { label: '2021', value: 1 },
        { label: '2022', value: null },
        { label: '2023', value: 3 },
        { label: '2024', value: 4 },
      ],
      show,
    )!;
    assert.equal(chart.markup.match(/<polyline/g)?.length, 1);
    assert.match(
      chart.markup,
      />withheld<\/text><text class="axis-label" x="[\d.]+" y="175" text-anchor="middle">2022</,
    );
    assert.equal(lineChart('l', 't', [{ label: '2021', value: null }], show), null);
  });

  it('label only some of many points, so labels never overlap, keeping every value in a title', () => {
    const points = Array.from({ length: 26 }, (_, i) => ({ label: String(2010 + i), value: 1000 + i }));
    const chart = lineChart('l', 't', points, show)!;
    assert.equal(chart.markup.match(/<title>\d{4}: £\d+<\/title>/g)?.length, 26);
    assert.equal(chart.markup.match(/class="axis-label"/g)?.length, 8);
    assert.equal(chart.markup.match(/class="value"/g)?.length, 2);
    assert.match(chart.markup, />2035<\/text>/);
  });
});
