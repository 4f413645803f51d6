/** The first NCS job profile /how-to-become shows, keyed by its slug. */
import { bodyOr, judgedScorer } from './score.js';

export const profiles = judgedScorer('profiles', async (ask, code) => {
  const body = await bodyOr<{ profiles: Array<{ slug: string; title: string }> }>(
    ask,
    `/v1/occupations/${code}/how-to-become`,
  );
  const first = body?.profiles[0];
  return first ? [{ item: first.slug, label: first.title }] : [];
});
