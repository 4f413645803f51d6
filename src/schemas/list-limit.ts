import { Type } from 'typebox';

/** The `limit` of the lists across occupations (spec, Limits): default 50, at most 412 (every unit group). */
export const ListLimitSchema = Type.Integer({
  minimum: 1,
  maximum: 412,
  default: 50,
  description: 'How many occupations, 1 to 412 (default 50)',
});
