import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { htmlToParts, htmlToText } from '../../../src/ingest/formats/html-text.js';

describe('HTML to plain-text parts', () => {
  it('drops a script and its contents, decodes entities, and leaves no markup', () => {
    const parts = htmlToParts(
      '<p>Fish &amp; chips &lt;b&gt; caf&eacute;&nbsp;owner&#39;s <script>alert("x")</script><b>bold</b></p><style>p{color:red}</style>',
    );
    assert.deepEqual(parts, [{ text: "Fish & chips <b> café owner's bold", items: null }]);
  });

  it('keeps a list with the paragraph that introduces it, and a paragraph after it on its own', () => {
    const parts = htmlToParts(
      '<p>Courses include:<ul><li>A Level in <em>Computing</em></li><li> Level 3 Certificate </li></ul></p><p>Then apply.</p>',
    );
    assert.deepEqual(parts, [
      { text: 'Courses include:', items: ['A Level in Computing', 'Level 3 Certificate'] },
      { text: 'Then apply.', items: null },
    ]);
  });

  it("keeps a link's text and address, resolves a site-relative one, and drops javascript: addresses", () => {
    const text = htmlToText(
      '<p>See <a href="http://www.bcs.org">The Chartered Institute for IT</a>, <a href="/find-a-course">search for courses</a> and <a href="javascript:alert(1)">this</a>.</p>',
      'https://nationalcareers.service.gov.uk/',
    );
    assert.equal(
      text,
      'See The Chartered Institute for IT (http://www.bcs.org), search for courses (https://nationalcareers.service.gov.uk/find-a-course) and this.',
    );
  });

  it('reads an unterminated script as hidden to the end, and empty HTML as nothing', () => {
    assert.deepEqual(htmlToParts('<p>Before</p><script>document.write("<p>after</p>")'), [
      { text: 'Before', items: null },
    ]);
    assert.deepEqual(htmlToParts(''), []);
    assert.equal(htmlToText(null), null);
  });
});
