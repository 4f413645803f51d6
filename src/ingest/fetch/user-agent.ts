import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../config.js';

interface UserAgentSettings {
  /** LMI_USER_AGENT: the whole header, when an operator needs another. */
  override: string | null;
  /** LMI_OPERATOR_CONTACT: an e-mail address or URL a publisher can write to. */
  operatorContact: string | null;
  publicUrl: string;
}

export function serviceVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}

/**
 * The User-Agent sent to every publisher: the service, its version, where it runs and who runs it,
 * so that a publisher can tell it from a scraper and reach its operator (bls.gov refuses clients
 * that send none).
 */
export function userAgent(settings: UserAgentSettings): string {
  if (settings.override) return settings.override;
  const contact = settings.operatorContact ?? 'operator contact not configured';
  return `uk-lmi/${serviceVersion()} (+${settings.publicUrl}; ${contact}) node/${process.versions.node}`;
}
