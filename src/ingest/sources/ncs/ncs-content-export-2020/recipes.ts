/**
 * The Orchard Core recipe files of the NCS content export: every content item by id, and the links
 * between them. A link field lists `ContentItemIds`; a few hold a recipe script expression instead
 * of an id (`«c#: await Content.GetContentItemIdByDisplayText("Occupation", "software developer")»`),
 * which the recipe runner evaluates on import: here it is resolved the same way, by content type and
 * display text, and never passed on as text.
 */

export interface ContentItem {
  ContentItemId: string;
  ContentType: string;
  DisplayText: string | null;
  [part: string]: unknown;
}

/** A link the export could not resolve to one of its own items: a script expression naming a type it does not hold. */
interface DisplayTextReference {
  contentType: string;
  displayText: string;
}

const SCRIPT_LINK =
  /^\u00abc#: await Content\.GetContentItemIdByDisplayText\("((?:[^"\\]|\\.)+)", "((?:[^"\\]|\\.)*)"\)\u00bb$/;

export class RecipeContent {
  private readonly byId = new Map<string, ContentItem>();
  private readonly byDisplayText = new Map<string, ContentItem>();
  private readonly types = new Set<string>();
  /**
   * Script-expression links met while resolving: how many, how many named an item of the export,
   * and those naming an item of a type the export holds that it does not have (a broken link).
   */
  readonly scriptLinks = { found: 0, resolved: 0, broken: [] as DisplayTextReference[] };

  /** Reads the `content` steps of each recipe file; throws on a file that is not a recipe. */
  constructor(recipes: readonly { name: string; json: unknown }[]) {
    for (const { name, json } of recipes) {
      const steps = (json as { steps?: unknown }).steps;
      if (!Array.isArray(steps)) throw new Error(`${name}: not an Orchard Core recipe (no "steps" list)`);
      for (const step of steps as { name?: unknown; data?: unknown }[]) {
        // Content steps are named `content`, `ContentNoCache` or `CSharpContent`; others (`CypherCommand`) hold no items.
        if (typeof step.name !== 'string' || !/content/i.test(step.name)) continue;
        if (!Array.isArray(step.data)) throw new Error(`${name}: a content step without a "data" list`);
        for (const item of step.data as ContentItem[]) {
          if (typeof item?.ContentItemId !== 'string' || typeof item.ContentType !== 'string')
            throw new Error(`${name}: a content item without ContentItemId or ContentType`);
          if (this.byId.has(item.ContentItemId))
            throw new Error(`${name}: content item ${item.ContentItemId} appears twice`);
          this.byId.set(item.ContentItemId, item);
          this.types.add(item.ContentType);
          if (item.DisplayText) this.byDisplayText.set(displayKey(item.ContentType, item.DisplayText), item);
        }
      }
    }
  }

  get size(): number {
    return this.byId.size;
  }

  ofType(contentType: string): ContentItem[] {
    return [...this.byId.values()].filter((item) => item.ContentType === contentType);
  }

  /**
   * The items a link field names, in order. An id the export lacks is an error (the release is
   * quarantined); a script expression is resolved by display text, or returned as a reference when
   * it names a content type the export does not hold (ESCO occupations).
   */
  linked(field: unknown, where: string): { items: ContentItem[]; references: DisplayTextReference[] } {
    const ids = (field as { ContentItemIds?: unknown } | null | undefined)?.ContentItemIds;
    if (ids === undefined || ids === null) return { items: [], references: [] };
    if (!Array.isArray(ids)) throw new Error(`${where}: ContentItemIds is not a list`);
    const items: ContentItem[] = [];
    const references: DisplayTextReference[] = [];
    for (const id of ids) {
      if (typeof id !== 'string') throw new Error(`${where}: a ContentItemIds entry is not a string`);
      const script = SCRIPT_LINK.exec(id);
      if (script) {
        this.scriptLinks.found++;
        const reference = { contentType: unescape(script[1]!), displayText: unescape(script[2]!) };
        const item = this.byDisplayText.get(displayKey(reference.contentType, reference.displayText));
        if (item) {
          this.scriptLinks.resolved++;
          items.push(item);
        } else {
          references.push(reference);
          if (this.types.has(reference.contentType)) this.scriptLinks.broken.push(reference);
        }
        continue;
      }
      if (id.includes('\u00ab') || id.includes('c#:'))
        throw new Error(`${where}: a script expression of a form the parser does not know: ${id.slice(0, 120)}`);
      const item = this.byId.get(id);
      if (!item) throw new Error(`${where}: links to content item ${id}, which the export does not hold`);
      items.push(item);
    }
    return { items, references };
  }

  /** Resolves every link field of every item (ids and script expressions), so that a broken link quarantines the release. */
  resolveAllLinks(): void {
    const visit = (value: unknown, where: string): void => {
      if (Array.isArray(value)) value.forEach((v) => visit(v, where));
      else if (value !== null && typeof value === 'object') {
        if ('ContentItemIds' in value) this.linked(value, where);
        else for (const [key, inner] of Object.entries(value)) visit(inner, `${where}.${key}`);
      }
    };
    for (const item of this.byId.values()) visit(item, `${item.ContentType} ${item.ContentItemId}`);
  }
}

function displayKey(contentType: string, displayText: string): string {
  return `${contentType}\u0000${displayText.trim().toLowerCase()}`;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** A named part of an item (`item.JobProfile.Description`), or undefined. */
export function partOf(item: ContentItem, ...path: string[]): unknown {
  let value: unknown = item;
  for (const key of path) value = (value as Record<string, unknown> | null | undefined)?.[key];
  return value;
}

export function htmlOf(item: ContentItem, ...path: string[]): string | null {
  const html = partOf(item, ...path, 'Html');
  return typeof html === 'string' ? html : null;
}

export function textOf(item: ContentItem, ...path: string[]): string | null {
  const text = partOf(item, ...path, 'Text');
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
}

export function numberOf(item: ContentItem, ...path: string[]): number | null {
  const value = partOf(item, ...path, 'Value');
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
