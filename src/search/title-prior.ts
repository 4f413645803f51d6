/**
 * What a title most often means when the coding index gives it to several unit groups: "teacher"
 * has flagged entries in seven groups, listed in record order with TEFL (2317) first, while most
 * people called teachers are primary (2314) or secondary (2313) teachers. Each group's weight:
 *
 *   employment(u)^0.5 · sqrt(contain(u) · head(u)) · (1 + share of the group's entries of the title that are flagged)
 *
 * - employment(u): people in employment in the group (data the composition root passes in; 1 for
 *   a group with no figure, and for every group when none is given);
 * - head(u): share of the group's coding-index records whose head word is the title's;
 *   contain(u): share whose words include all the title's words. Their geometric mean estimates
 *   how much of the group the title stands for (a big group with one "teacher" record among
 *   hundreds of others weighs little);
 * - a flagged entry (column D) is the index's own default for the title; a group with several
 *   entries of the title ("Manager [import agency]", "Manager [export agency]") counts their mean,
 *   not their number.
 *
 * Measured on careers-site titles and ESCO labels in `npm run bench:search` (bench/README.md).
 */

/** Employment enters with this power: the square root keeps the largest groups from taking every shared title. */
const EMPLOYMENT_EXPONENT = 0.5;
/**
 * Labels from other sources spelt like the title (ESCO's, NCS's: aliases.ts) vote for the unit
 * groups they lead to: a group's weight is multiplied by 1 + this × the labels' mean share there.
 * Tuned on bench/search-careers.ts (bench/README.md).
 */
export const ALIAS_VOTE_WEIGHT = 2;

/** How much a flagged (default) entry weighs against an unflagged one. */
const FLAGGED_WEIGHT = 2;
/**
 * The title's unqualified flagged entry is what the index codes when nothing more is known
 * ("Teaching assistant" 6112, against "Teaching assistant [qualified]" 3231): it weighs this much.
 */
const UNQUALIFIED_DEFAULT_WEIGHT = 4;
/** Entry weight by its record flag (RecordTitles.recordFlags). */
const ENTRY_WEIGHTS = [1, FLAGGED_WEIGHT, UNQUALIFIED_DEFAULT_WEIGHT];

export class TitlePrior {
  /** Per unit group (by code id): employment^EMPLOYMENT_EXPONENT. */
  private readonly employmentWeights: Float64Array;

  constructor(
    codes: readonly string[],
    employment: ReadonlyMap<string, number>,
    /** Records of code c are recordTitles[firstRecord[c]] to recordTitles[firstRecord[c + 1] - 1]: each a title id. */
    private readonly firstRecord: Int32Array,
    private readonly recordTitles: Int32Array,
    /** Per record, as recordTitles: 0 unflagged, 1 flagged under a qualifier, 2 the title's unqualified default (column D). */
    private readonly recordFlags: Uint8Array,
    /** Words of title t are titleWords[firstWord[t]] to titleWords[firstWord[t + 1] - 1] (vocabulary ids). */
    private readonly firstWord: Int32Array,
    private readonly titleWords: Int32Array,
    /** Per title: its head word's vocabulary id. */
    private readonly heads: Int32Array,
  ) {
    this.employmentWeights = Float64Array.from(codes, (code) => {
      const people = employment.get(code);
      return people !== undefined && people > 0 ? people ** EMPLOYMENT_EXPONENT : 1;
    });
  }

  /**
   * The unnormalised weight of unit group `code` for a title of the vocabulary words `words`
   * with head word `head` (`words` distinct: the title's exact key).
   */
  groupWeight(code: number, words: readonly number[], head: number, vote = 0): number {
    const from = this.firstRecord[code] ?? 0;
    const to = this.firstRecord[code + 1] ?? from;
    const records = to - from;
    if (records === 0) return 0;
    let withHead = 0;
    let containing = 0;
    let entries = 0;
    let entryWeight = 0;
    for (let r = from; r < to; r++) {
      const title = this.recordTitles[r]!;
      if (this.heads[title] === head) withHead++;
      if (!this.hasAll(title, words)) continue;
      containing++;
      // All the title's words and no other: an entry of the title itself.
      if (this.firstWord[title + 1]! - this.firstWord[title]! === words.length) {
        entries++;
        entryWeight += ENTRY_WEIGHTS[this.recordFlags[r]!]!;
      }
    }
    // The group holds the title, so at least one record counts (see-row targets may not hold its words).
    const share = Math.sqrt((Math.max(containing, 1) / records) * (Math.max(withHead, 1) / records));
    // Other sources' labels spelt like the title are unqualified: as far as they vote for the
    // group (`vote`, which the caller passes only where the index has an unqualified default to
    // weigh against), they make its entry count as that default ("store manager": the index's
    // default is storage, 1242; ESCO's store managers lead to retail, 1150).
    const flags = Math.max(entries > 0 ? entryWeight / entries : 1, UNQUALIFIED_DEFAULT_WEIGHT * vote);
    return this.employmentWeights[code]! * share * flags;
  }

  private hasAll(title: number, words: readonly number[]): boolean {
    const from = this.firstWord[title]!;
    const to = this.firstWord[title + 1]!;
    for (const word of words) {
      let found = false;
      for (let w = from; w < to && !found; w++) found = this.titleWords[w] === word;
      if (!found) return false;
    }
    return true;
  }
}
