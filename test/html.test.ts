import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { externalLink, html } from '../src/html.js';

describe("html (the explorer's only way to write markup)", () => {
  it('escapes every interpolated value, in text and in attributes, but not markup it made itself', () => {
    const text = '<img src=x onerror="alert(1)"> & \'quoted\'';
    const inner = html`<em>${text}</em>`;
    const outer = html`<p title="${text}">${inner}${[1, ' < ', null, false]}</p>`;
    assert.equal(
      outer.markup,
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quoted&#39;"><em>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quoted&#39;</em>1 &lt; </p>',
    );
  });

  it('links out only to http(s) addresses', () => {
    assert.equal(externalLink('javascript:alert(1)', 'x').markup, 'x');
    assert.equal(
      externalLink('https://example.org/?a=1&b=2', 'x').markup,
      '<a href="https://example.org/?a=1&amp;b=2" rel="noopener noreferrer">x</a>',
    );
  });
});
