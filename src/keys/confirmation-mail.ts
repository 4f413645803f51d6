import { html } from '../html.js';
import type { Mail } from './mailer.js';

export function confirmationMail(to: string, link: string, ttlHours: number): Mail {
  const text = [
    'Someone (we hope you) asked for a free uk-lmi API key for this address.',
    '',
    `To get the key, open this link within ${ttlHours} hours and press the button on the page:`,
    link,
    '',
    'The link works once. Getting a key replaces (revokes) any key this address had before.',
    'If you did not ask for a key, ignore this message: nothing happens until the button is pressed.',
  ].join('\n');
  const body = html`<p>Someone (we hope you) asked for a free uk-lmi API key for this address.</p>
<p>To get the key, open this link within ${ttlHours} hours and press the button on the page:</p>
<p><a href="${link}">${link}</a></p>
<p>The link works once. Getting a key replaces (revokes) any key this address had before.<br>
If you did not ask for a key, ignore this message: nothing happens until the button is pressed.</p>`;
  return { to, subject: 'Your uk-lmi API key: confirm your address', text, html: body.markup };
}
