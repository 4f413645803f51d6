/**
 * A practical check of an e-mail address (RFC 5321 lengths, one @, a dotted domain, no spaces or
 * control characters). Whether it can receive mail is settled by the confirmation link.
 */
export function emailAddressProblem(value: unknown): string | null {
  if (typeof value !== 'string') return '`email` must be a string';
  const email = value.trim();
  if (email.length === 0) return '`email` is required';
  if (email.length > 254) return '`email` must be at most 254 characters long';
  // eslint-disable-next-line no-control-regex -- an address may not hold control characters, so the pattern names them
  if (/[\s\u0000-\u001f\u007f<>()[\]\\,;:"]/.test(email.replace(/^"|"$/g, '')))
    return '`email` contains characters an address cannot have';
  const at = email.lastIndexOf('@');
  if (at < 1 || email.indexOf('@') !== at) return '`email` must be one address, like name@example.org';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64) return 'the part of `email` before the @ must be at most 64 characters long';
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(domain))
    return 'the domain of `email` is not valid';
  return null;
}
