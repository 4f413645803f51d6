import { Problem } from '../domain/problems.js';
import type { Services } from '../services.js';
import { html, type SafeHtml } from '../html.js';
import { COMPARED_MAX, EMBED, embedSnippet } from './compare-page.js';
import { EXPLORE, page } from './page.js';
import { LIMITS } from '../ratelimit/policies.js';
import { orProblem } from './sections/section.js';

/**
 * For schools: what the comparison widget is and the snippet to paste. The example compares the
 * jobs most people do (from the latest APS release), so its codes come from data.
 */
export async function embedInstructionsPage(services: Services): Promise<SafeHtml> {
  const base = services.config.publicUrl;
  const largest = await orProblem(services.employment.largest(COMPARED_MAX));
  const codes = largest instanceof Problem ? [] : largest.occupations.map((o) => o.soc2020);
  const example = `${base}${EMBED}${codes.length > 0 ? `?codes=${codes.join(',')}` : ''}`;
  return page(
    'Put a job comparison on your website',
    html`<h1>Put a job comparison on your website</h1>
<p class="lede">A free widget for a school's or college's careers page: pupils type up to three jobs and compare their pay, hours, how many people do them, the outlook, vacancies and the routes in, from official statistics. It needs no key, no account and no script, and sets no cookies.</p>
<h2>The snippet</h2>
<p>Paste this where the widget should appear. It opens with ${codes.length > 0 ? 'the three jobs most people in the UK do' : 'an empty form'}; pupils can pick others in it.</p>
<pre><code>${embedSnippet(example)}</code></pre>
<p><a href="${example}">See the widget on its own</a>.</p>
<h2>Choosing the jobs it opens with</h2>
<p>Put up to ${COMPARED_MAX} four-digit SOC 2020 codes after <code>codes=</code>, separated by commas. Find a job's code by searching for it: it is shown beside its title. To show a form with no jobs yet, leave out <code>?codes=…</code>. <a href="${EXPLORE}/compare">Compare jobs</a> here gives the snippet of any comparison.</p>
<h2>What it shows</h2>
<ul><li>Each figure with its year and publisher, and the credits each publisher's licence requires;</li>
<li>“not shown” where a figure is too unreliable to give as a number, or withheld;</li>
<li>a link back to the full page of each job, opening outside your page.</li></ul>
<h2>For your web team</h2>
<ul><li>The widget may be framed by any site (the service's operator can restrict this with <code>LMI_EMBED_FRAME_ANCESTORS</code>).</li>
<li>Each visitor's address may load it ${LIMITS.embed.limit} times a minute; answers are cached for a minute and carry an ETag.</li>
<li>It loads only its own stylesheet from this service: no fonts, scripts or trackers.</li></ul>`,
  );
}
