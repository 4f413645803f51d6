/** Career moves: the top 5 of /moves, keyed by the target unit group's code. */
import { bodyOr, judgedScorer } from './score.js';

export const moves = judgedScorer('moves', async (ask, code) => {
  const body = await bodyOr<{ moves: Array<{ soc2020: string; title: string }> }>(
    ask,
    `/v1/occupations/${code}/moves?limit=5`,
  );
  return (body?.moves ?? []).map((m) => ({ item: m.soc2020, label: m.title }));
});
