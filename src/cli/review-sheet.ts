/**
 * `lmi review`: one unit group's page as a reader sees it, with the evidence and weight behind
 * each joined item (skills and the ESCO occupations and index titles they come from, the work
 * profile's US twins, NCS profiles, apprenticeship standards, moves, and what the search answers
 * for the group's own common titles), one screen per group so a reviewer can scan all 412.
 * Built on the query objects the routes call, so it shows what the API serves.
 */
import { Problem } from '../domain/problems.js';
import { exactTitleKey } from '../search/exact-title.js';
import { html, type SafeHtml } from '../html.js';
import type { Services } from '../services.js';

export interface ReviewSection {
  heading: string;
  lines: string[];
}

export interface ReviewSheet {
  code: string;
  title: string;
  sections: ReviewSection[];
}

const TOP = 5;
/** The common titles asked of the search: the group's title and its shortest unqualified index titles. */
const SEARCHED_TITLES = 3;

/** A section's lines, or the one line saying why the API has none (its 404 or 503 detail). */
async function section(heading: string, lines: () => Promise<string[]>): Promise<ReviewSection> {
  try {
    const got = await lines();
    return { heading, lines: got.length > 0 ? got : ['(none)'] };
  } catch (error) {
    if (error instanceof Problem) return { heading, lines: [`(none: ${error.detail ?? error.message})`] };
    throw error;
  }
}

export async function reviewSheet(services: Services, code: string): Promise<ReviewSheet> {
  const unit = await services.occupations.unitGroup(code);
  const index = await services.codingIndex.get();
  const records = index?.byUnitGroup.get(code) ?? [];
  const sections = await Promise.all([
    section('skills (top 5; ESCO occupations: weight, closeness, index titles naming them)', async () => {
      const r = await services.skills.skills(code, null, TOP);
      const named = (label: string) => {
        const key = exactTitleKey(label);
        const titles = records
          .filter((t) => exactTitleKey(t.naturalTitle) === key)
          .map((t) => (t.qualifier ? `${t.naturalTitle} [${t.qualifier}]` : t.naturalTitle));
        return titles.length > 0 ? `; named by ${[...new Set(titles)].slice(0, 3).join(', ')}` : '';
      };
      return [
        ...r.skills.map(
          (s, i) =>
            `${i + 1}. ${s.skillTitle} (score ${s.score}, in ${s.sharedBy} of ${r.relatedOccupationCount}${s.essential ? ', essential' : ''})`,
        ),
        ...r.relatedOccupations
          .slice(0, 4)
          .map((o) => `  from ${o.title}: weight ${o.weight}, closeness ${o.closeness}${named(o.title)}`),
      ];
    }),
    section('work profile US twins (weight; title evidence; chain weight)', async () => {
      const r = await services.workProfile.workProfile(code);
      return r.basedOn
        .slice(0, 3)
        .map(
          (o) =>
            `${o.code} ${o.title}: ${o.weightPercent}% (title evidence ${o.titleEvidence}, chain ${o.chainWeightPercent}%, closeness ${o.closeness})`,
        );
    }),
    section('NCS job profiles (placed by; strength; confidence)', async () => {
      const r = await services.howToBecome.howToBecome(code);
      return r.profiles
        .slice(0, 4)
        .map(
          (p, i) =>
            `${i + 1}. ${p.slug}: ${p.title} (${p.placedBy}${p.evidence.matchedTitle ? ` "${p.evidence.matchedTitle}"` : ''}; ${p.strength}; ${p.confidence})`,
        );
    }),
    section('apprenticeship standards (match; status; confidence; titles)', async () => {
      const r = await services.apprenticeships.apprenticeships(code, { includeInactive: false });
      return r.occupations
        .slice(0, 4)
        .map(
          (o) =>
            `${o.code} ${o.name}, level ${o.level ?? '?'}: ${o.match}, ${o.status}, ${o.confidence} (titles share ${o.evidence.typicalTitleShare}${o.evidence.matchedTitles.length > 0 ? `: ${o.evidence.matchedTitles.slice(0, 2).join(', ')}` : ''})`,
        );
    }),
    section('moves (top 5; rank score; skills closeness; shared routes in; pay change)', async () => {
      const r = await services.moves.moves(code, { limit: TOP, area: 'uk' });
      return r.moves.map(
        (m, i) =>
          `${i + 1}. ${m.soc2020} ${m.title}: ${m.rankScore} (closeness ${m.skills.closeness}, routes ${m.sharedRoutesIn}, pay ${m.pay.differencePercent === null ? 'n/a' : `${m.pay.differencePercent > 0 ? '+' : ''}${m.pay.differencePercent}%`})`,
      );
    }),
    section('search for its common titles (first answers)', async () => {
      const unqualified = [...new Set(records.filter((t) => t.qualifier === null).map((t) => t.naturalTitle))].sort(
        (a, b) => a.length - b.length || a.localeCompare(b),
      );
      const asked = [...new Set([unit.title, ...unqualified])].slice(0, SEARCHED_TITLES + 1);
      return Promise.all(
        asked.map(async (title) => {
          const hits = await services.occupations.search(title, 2);
          const said = hits.map(
            (h) =>
              `${h.soc2020}${h.soc2020 === code ? '' : '!'} ${h.matchType} ${h.confidence} via "${h.matchedTitle}"`,
          );
          return `"${title}" -> ${said.join('; ') || 'nothing'}`;
        }),
      );
    }),
  ]);
  return { code, title: unit.title, sections };
}

/** One group's sheet as compact text: a heading line, then each section indented. */
export function sheetText(sheet: ReviewSheet): string {
  const out = [`== ${sheet.code} ${sheet.title}`];
  for (const s of sheet.sections) out.push(`-- ${s.heading}`, ...s.lines.map((l) => `   ${l}`));
  return out.join('\n');
}

/** Every sheet in one static HTML page, a group per block, with a list of codes to jump between them. */
export function sheetsHtml(sheets: readonly ReviewSheet[]): string {
  const block = (sheet: ReviewSheet): SafeHtml =>
    html`<section id="g${sheet.code}"><h2>${sheet.code} ${sheet.title}</h2>${sheet.sections.map(
      (s) => html`<h3>${s.heading}</h3><ul>${s.lines.map((l) => html`<li>${l}</li>`)}</ul>`,
    )}</section>`;
  return html`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>uk-lmi review sheets</title>
<style>body{font:13px/1.35 system-ui,sans-serif;margin:1em}section{border-top:2px solid #333;margin-top:1em}h2{font-size:15px;margin:.4em 0}h3{font-size:12px;color:#555;margin:.3em 0 0}ul{margin:0;padding-left:1.4em}nav a{margin-right:.4em}</style>
</head><body><h1>Review sheets: ${sheets.length} unit groups</h1>
<nav>${sheets.map((s) => html`<a href="#g${s.code}">${s.code}</a>`)}</nav>
${sheets.map(block)}
</body></html>
`.markup;
}
