import { closeSync, openSync, writeSync } from 'node:fs';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A full-size ONS labour demand workbook (`labourdemandbyoccupation.xlsx`, edition January 2017 to
 * July 2026) written to `file` as it is generated, for the memory bench: the seven tables of the
 * July 2025 layout at the real editions' dimensions (MHM-Rajpoot/QI's notebook: Table 3 5,369 rows,
 * Table 4 34,410, Table 5 134,541; 115 months, 38 quarters), about eleven million cells, counts and
 * `[x]` in proportions like the real ones (over half of the latest quarter suppressed). The values
 * are made up; only the size and shape matter. Returns the file's size in bytes.
 */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS = Array.from({ length: 115 }, (_, i) => `${MONTH_NAMES[i % 12]}-${17 + Math.floor(i / 12)}`);
const QUARTERS = Array.from({ length: 38 }, (_, i) => `${2017 + Math.floor(i / 4)}Q${(i % 4) + 1}`);
const REGIONS = [
  'East Midlands',
  'East of England',
  'London',
  'North East',
  'North West',
  'Northern Ireland',
  'Scotland',
  'South East',
  'South West',
  'Wales',
  'West Midlands',
  'Yorkshire and The Humber',
];
const DISTRICTS = 329;
const SOC4 = 412;
const SOC3 = 104;

/** The shared strings, indexed as the sheets refer to them. */
class Strings {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  ref(text: string): number {
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function column(i: number): string {
  let letters = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A deterministic pseudo-random count, or `[x]` for about one cell in six (most of the last period). */
function value(seed: number, last: boolean): number | null {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  const r = x - Math.floor(x);
  if (r < (last ? 0.55 : 0.16)) return null;
  return Math.floor(r * r * 900);
}

export function writeLabourDemandWorkbook(file: string): number {
  const fd = openSync(file, 'w');
  let size = 0;
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    size += chunk.length;
    writeSync(fd, chunk);
  });
  const strings = new Strings();
  const x = strings.ref('[x]');
  const encoder = new TextEncoder();
  const part = (name: string, write: (emit: (text: string) => void) => void) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    let buffer: string[] = [];
    let length = 0;
    const emit = (text: string) => {
      buffer.push(text);
      length += text.length;
      if (length > 1 << 20) {
        entry.push(encoder.encode(buffer.join('')));
        buffer = [];
        length = 0;
      }
    };
    write(emit);
    entry.push(encoder.encode(buffer.join('')), true);
  };
  /** A table: its header's labels, its periods, and each data row's label cells (a number is written as one). */
  const sheet =
    (header: string[], periods: string[], rows: number, labelsOf: (i: number) => (string | number)[], seed: number) =>
    (emit: (t: string) => void) => {
      emit('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>');
      emit('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
      const cell = (r: number, c: number, v: string | number) =>
        typeof v === 'number'
          ? `<c r="${column(c)}${r}" s="1"><v>${v}</v></c>`
          : `<c r="${column(c)}${r}" s="1" t="s"><v>${strings.ref(v)}</v></c>`;
      emit(`<row r="1">${cell(1, 0, `Table ${seed}: new online job adverts`)}</row>`);
      emit(`<row r="2">${cell(2, 0, 'This worksheet contains one table.')}</row>`);
      emit(`<row r="5">${[...header, ...periods].map((h, c) => cell(5, c, h)).join('')}</row>`);
      for (let i = 0; i < rows; i++) {
        const r = i + 6;
        const cells = labelsOf(i).map((v, c) => cell(r, c, v));
        for (let p = 0; p < periods.length; p++) {
          const v = value(seed * 1e7 + i * 131 + p, p === periods.length - 1);
          const ref = `${column(header.length + p)}${r}`;
          cells.push(v === null ? `<c r="${ref}" s="2" t="s"><v>${x}</v></c>` : `<c r="${ref}" s="2"><v>${v}</v></c>`);
        }
        emit(`<row r="${r}">${cells.join('')}</row>`);
      }
      emit('</sheetData></worksheet>');
    };
  const soc = (s: number, of: number) => (s === of ? 'Unknown' : 1111 + s);
  const label = (s: number, of: number) => (s === of ? 'Unknown' : `Occupation ${1111 + s}`);
  // Districts: London (one area, no code) is the third; the others take the regions in turn.
  const district = (d: number) => {
    if (d === 2) return { region: 'London', name: 'London', code: '' };
    const region = REGIONS[d % REGIONS.length] === 'London' ? 'South East' : REGIONS[d % REGIONS.length]!;
    return { region, name: `District ${d}`, code: `E${String(7_000_000 + d).padStart(8, '0')}` };
  };
  const areas = ['Total UK', ...REGIONS];
  const tables: [string, (emit: (t: string) => void) => void][] = [
    [
      'Table 1',
      sheet(
        ['Country'],
        MONTHS,
        6,
        (i) => [['Total UK', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Unknown'][i]!],
        1,
      ),
    ],
    [
      'Table 2',
      sheet(
        ['Region', 'ITL2', 'Local Authority District', 'Local Authority Code'],
        MONTHS,
        DISTRICTS,
        (d) => {
          const at = district(d);
          return [at.region, 'ITL2 area', at.name, at.code];
        },
        2,
      ),
    ],
    [
      'Table 3',
      sheet(
        ['Region', 'SOC 4 digit code', 'SOC 4 digit label'],
        MONTHS,
        areas.length * (SOC4 + 1),
        (i) => {
          const s = i % (SOC4 + 1);
          return [areas[Math.floor(i / (SOC4 + 1))]!, soc(s, SOC4), label(s, SOC4)];
        },
        3,
      ),
    ],
    [
      'Table 4',
      sheet(
        ['Region', 'ITL2', 'Local Authority District', 'SOC 3 digit code', 'SOC 3 digit label', 'Local Authority Code'],
        MONTHS,
        DISTRICTS * (SOC3 + 1),
        (i) => {
          const at = district(Math.floor(i / (SOC3 + 1)));
          const s = i % (SOC3 + 1);
          return [at.region, 'ITL2 area', at.name, s === SOC3 ? 'Unknown' : 111 + s, label(s, SOC3), at.code];
        },
        4,
      ),
    ],
    [
      'Table 5',
      sheet(
        ['Region', 'ITL2', 'Local Authority District', 'SOC 4 digit code', 'SOC 4 digit label', 'Local Authority Code'],
        QUARTERS,
        DISTRICTS * (SOC4 + 1),
        (i) => {
          const at = district(Math.floor(i / (SOC4 + 1)));
          const s = i % (SOC4 + 1);
          return [at.region, 'ITL2 area', at.name, soc(s, SOC4), label(s, SOC4), at.code];
        },
        5,
      ),
    ],
  ];
  tables.forEach(([, write], i) => part(`xl/worksheets/sheet${i + 1}.xml`, write));
  part('xl/workbook.xml', (emit) => {
    emit(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>',
    );
    tables.forEach(([name], i) => emit(`<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`));
    emit('</sheets></workbook>');
  });
  part('xl/_rels/workbook.xml.rels', (emit) => {
    emit(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">',
    );
    tables.forEach((_, i) =>
      emit(
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      ),
    );
    emit('</Relationships>');
  });
  part('xl/sharedStrings.xml', (emit) => {
    emit(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.list.length}" uniqueCount="${strings.list.length}">`,
    );
    for (const s of strings.list) emit(`<si><t>${escape(s)}</t></si>`);
    emit('</sst>');
  });
  part('[Content_Types].xml', (emit) =>
    emit(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
  );
  zip.end();
  closeSync(fd);
  return size;
}
