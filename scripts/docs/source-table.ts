import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { publisherReach } from '../../src/domain/sources.js';
import type { AnySourceDescriptor } from '../../src/ingest/source.js';
import { markdownTable, plainText } from './markers.js';

const SOURCES_DIR = 'src/ingest/sources';

/** Source folders (`<publisher>/<folder>`) under src/ingest/sources, with the text of their TypeScript files. */
function sourceFolders(root: string): { folder: string; text: string }[] {
  return readdirSync(path.join(root, SOURCES_DIR), { withFileTypes: true })
    .filter((publisher) => publisher.isDirectory())
    .flatMap((publisher) =>
      readdirSync(path.join(root, SOURCES_DIR, publisher.name), { withFileTypes: true })
        .filter((folder) => folder.isDirectory())
        .map((folder) => {
          const dir = path.join(root, SOURCES_DIR, publisher.name, folder.name);
          const text = readdirSync(dir)
            .filter((file) => file.endsWith('.ts'))
            .map((file) => readFileSync(path.join(dir, file), 'utf8'))
            .join('\n');
          return { folder: `${publisher.name}/${folder.name}`, text };
        }),
    );
}

/** The folder a source's descriptor lives in: the one named after its key, else the one whose code names the key. */
export function sourceFolder(root: string, key: string): string {
  const folders = sourceFolders(root);
  const found =
    folders.find((f) => path.posix.basename(f.folder) === key) ?? folders.find((f) => f.text.includes(`'${key}'`));
  if (!found) throw new Error(`no folder under ${SOURCES_DIR} names the source ${key}`);
  return `${SOURCES_DIR}/${found.folder}`;
}

const MIRROR = (source: AnySourceDescriptor) => (source.inMirror === false ? 'none' : 'read');

const PUBLISHERS = {
  read: 'read',
  found: 'found, not read (no parser)',
  'mirror only': 'not followed',
} as const;

/**
 * Every registered source, in ingest order: who publishes it, what the service reads of it with the
 * mirror and from its publisher, the publisher surface discovery follows, and the folder README
 * that holds its layout and the evidence for it. `from` is the page's folder, for relative links.
 */
export function sourceTable(root: string, sources: readonly AnySourceDescriptor[], from: string): string {
  const rows = sources.map((source) => {
    const folder = sourceFolder(root, source.key);
    const readme = `${folder}/README.md`;
    const evidence = existsSync(path.join(root, readme))
      ? `[${path.posix.basename(folder)}](${path.posix.relative(from, readme)})`
      : `\`${folder}\` (no README)`;
    return [
      `\`${source.key}\``,
      plainText(source.publisher),
      MIRROR(source),
      PUBLISHERS[publisherReach(source)],
      plainText(source.surface ?? ''),
      evidence,
    ];
  });
  return markdownTable(
    ['source', 'publisher', 'with the mirror', 'from the publisher', 'surface followed', 'layout and evidence'],
    rows,
  );
}
