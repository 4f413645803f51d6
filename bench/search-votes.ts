/**
 * Other sources' labels voting for the groups of a shared exact title (src/search/title-prior.ts),
 * held out across sources (bench/README.md, "Search that knows when it does not know"): NCS
 * profile titles that are exact coding-index titles of several unit groups, judged by their SOC
 * 2010 code, asked of an index whose votes come from ESCO only; and ESCO labels exact in several
 * groups, judged by their ISCO-08 group, with NCS's votes only.
 *
 *   npx tsx bench/search-votes.ts
 */
import { aliasesThroughGroups, aliasesThroughIsco } from '../src/search/aliases.js';
import { TitleIndex } from '../src/search/title-index.js';
import { employmentFromUpstream } from './careers-titles.js';
import { escoLabelQueries, iscoLabelsOf, readEscoOccupations } from './esco-labels.js';
import { loadCodingIndex } from './search.js';
import { ncsProfiles } from './search-careers.js';
const index = loadCodingIndex();
const esco = readEscoOccupations();
const ncs = ncsProfiles();
const employment = employmentFromUpstream();
// NCS titles judged by NCS codes, votes from ESCO only.
const escoOnly = TitleIndex.build(index, { aliases: aliasesThroughIsco(index, iscoLabelsOf(esco)), employment });
let n = 0,
  right = 0;
const seen = new Set<string>();
// One query per title as typed (case aside).
for (const p of ncs) {
  const expected = new Set([...p.groups].filter(([, s]) => s >= 0.2).map(([c]) => c));
  for (const t of p.titles) {
    const m = escoOnly.search(t, 10);
    if (m.filter((x) => x.matchType === 'exact').length < 2 || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    n++;
    if (expected.has(m[0]!.soc2020)) right++;
  }
}
console.log(`NCS titles exact in several groups, ESCO votes only: n=${n} top-1 ${((right / n) * 100).toFixed(1)}%`);
// ESCO preferred labels judged by ISCO-08, votes from NCS only.
const ncsOnly = TitleIndex.build(index, {
  aliases: aliasesThroughGroups(
    index,
    ncs.flatMap((p) => p.titles.map((title) => ({ title, groups: p.groups }))),
    0.2,
  ),
  employment,
});
const { queries } = escoLabelQueries(index, esco, 5);
n = 0;
right = 0;
for (const q of queries) {
  const m = ncsOnly.search(q.query, 10);
  if (m.filter((x) => x.matchType === 'exact').length < 2) continue;
  n++;
  if (q.expected.has(m[0]!.soc2020)) right++;
}
console.log(`ESCO labels exact in several groups, NCS votes only: n=${n} top-1 ${((right / n) * 100).toFixed(1)}%`);
