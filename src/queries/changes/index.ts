import type { ChangeEntry } from '../../domain/changes.js';
import type { ChangeFeed, ChangeFeedItem } from '../../schemas/changes.js';
import { findChange, listChanges } from '../../store/changes.js';
import type { Db } from '../../store/schema.js';

/** How many entries the feed holds: the newest; older ones stay in /v1/meta/editions. */
const FEED_LENGTH = 200;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The change feed: every edition published or held back, newest first, as JSON Feed 1.1 or Atom. */
export class Changes {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    /** Whether an edition's bulk files are served now (the bulk group's `serves`). */
    private readonly servesBulk: (sourceKey: string, edition: { id: string; status: string }) => Promise<boolean>,
  ) {}

  async feed(): Promise<ChangeFeed> {
    const entries = await listChanges(this.db, FEED_LENGTH);
    return {
      version: 'https://jsonfeed.org/version/1.1',
      title: 'uk-lmi: releases published and held back',
      home_page_url: `${this.publicUrl}/v1/meta/editions`,
      feed_url: `${this.publicUrl}/v1/meta/changes`,
      description:
        'One entry per release of an upstream source that this service published (and so now serves) or quarantined (held back), newest first, with what changed against the previous release.',
      items: await Promise.all(entries.map((e) => this.itemOf(e))),
    };
  }

  async atom(): Promise<string> {
    const feed = await this.feed();
    const updated = feed.items[0]?.date_published ?? new Date(0).toISOString();
    const entries = feed.items.map((item) => {
      const bulk = item._lmi.bulk
        ? `<link rel="enclosure" type="text/csv" href="${escapeXml(item._lmi.bulk.csv)}"/>` +
          `<link rel="enclosure" type="application/x-ndjson" href="${escapeXml(item._lmi.bulk.jsonl)}"/>`
        : '';
      return `<entry><id>urn:uuid:${item._lmi.edition}</id><title>${escapeXml(item.title)}</title><updated>${item.date_published}</updated><link rel="alternate" href="${escapeXml(item.url)}"/>${bulk}<category term="${escapeXml(item._lmi.source)}"/><category term="${item._lmi.kind}"/><summary>${escapeXml(item.content_text)}</summary></entry>`;
    });
    return (
      `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">` +
      `<id>${escapeXml(`${this.publicUrl}/v1/meta/changes.atom`)}</id><title>${escapeXml(feed.title)}</title>` +
      `<subtitle>${escapeXml(feed.description)}</subtitle><updated>${updated}</updated>` +
      `<author><name>uk-lmi</name></author>` +
      `<link rel="self" href="${escapeXml(`${this.publicUrl}/v1/meta/changes.atom`)}"/>` +
      `<link rel="alternate" href="${escapeXml(feed.home_page_url)}"/>${entries.join('')}</feed>\n`
    );
  }

  /** The feed item of one edition's entry, as the feed shows it now (a webhook delivery's `data`); null before it settles. */
  async item(editionId: string): Promise<ChangeFeedItem | null> {
    const entry = await findChange(this.db, editionId);
    return entry && (await this.itemOf(entry));
  }

  /** An entry as the feed shows it now: its bulk files only while they are served (see docs/downloads.md). */
  private async itemOf(e: ChangeEntry): Promise<ChangeFeedItem> {
    const bulk =
      e.kind === 'published' && (await this.servesBulk(e.sourceKey, { id: e.editionId, status: e.status }))
        ? {
            csv: `${this.publicUrl}/v1/bulk/${e.sourceKey}/${e.editionId}.csv`,
            jsonl: `${this.publicUrl}/v1/bulk/${e.sourceKey}/${e.editionId}.jsonl`,
          }
        : null;
    const verb =
      e.kind === 'published'
        ? e.superseded
          ? `published, superseding ${e.superseded.label}`
          : 'published'
        : 'quarantined';
    return {
      id: `${e.editionId}:${e.kind}`,
      url: `${this.publicUrl}/v1/meta/editions?source=${e.sourceKey}`,
      title: `${e.sourceKey}: ${e.label} ${verb}`,
      content_text: e.summary,
      date_published: e.at,
      tags: [e.sourceKey, e.kind],
      _lmi: {
        source: e.sourceKey,
        edition: e.editionId,
        label: e.label,
        kind: e.kind,
        status: e.status as ChangeFeedItem['_lmi']['status'],
        superseded: e.superseded && { edition: e.superseded.id, label: e.superseded.label },
        diff: e.diff && {
          previous: e.previous && { edition: e.previous.id, label: e.previous.label },
          rows: e.diff.rows,
          counts: e.diff.counts,
          levels: e.diff.levels,
        },
        bulk,
      },
    };
  }
}
