/** The work profile's leading US twin: the first of basedOn, keyed by its O*NET-SOC code. */
import { bodyOr, judgedScorer } from './score.js';

export const twins = judgedScorer('twins', async (ask, code) => {
  const body = await bodyOr<{ basedOn: Array<{ code: string; title: string; weightPercent: number }> }>(
    ask,
    `/v1/occupations/${code}/work-profile`,
  );
  const first = body?.basedOn[0];
  return first ? [{ item: first.code, label: `${first.title} (${first.weightPercent}%)` }] : [];
});
