/**
 * Generated text lives in Markdown pages between two comments, so prose can surround it:
 * `<!-- generated:<name> -->` and `<!-- /generated:<name> -->`.
 */
const opening = (name: string) => `<!-- generated:${name} -->`;
const closing = (name: string) => `<!-- /generated:${name} -->`;

/** The text with what lies between `name`'s markers replaced by `body`; throws when the markers are missing. */
export function replaceGenerated(text: string, name: string, body: string): string {
  const start = text.indexOf(opening(name));
  const end = text.indexOf(closing(name));
  if (start < 0 || end < start) throw new Error(`no ${opening(name)} ... ${closing(name)} pair`);
  return `${text.slice(0, start + opening(name).length)}\n${body.trimEnd()}\n${text.slice(end)}`;
}

/** A Markdown table; `|` inside a cell is escaped. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|').replace(/\n/g, ' ')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** Plain text for a Markdown cell: characters Markdown would read as emphasis, HTML or code are escaped. */
export function plainText(text: string): string {
  return text.replace(/[\\`*_<>[\]]/g, (c) => `\\${c}`);
}
