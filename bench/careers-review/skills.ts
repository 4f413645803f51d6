/** Skills: the top 5 of /skills, keyed by the skill's label (the API's skillTitle). */
import { bodyOr, judgedScorer } from './score.js';

export const skills = judgedScorer('skills', async (ask, code) => {
  const body = await bodyOr<{ skills: Array<{ skillTitle: string }> }>(ask, `/v1/occupations/${code}/skills?limit=5`);
  return (body?.skills ?? []).map((s) => ({ item: s.skillTitle, label: s.skillTitle }));
});
