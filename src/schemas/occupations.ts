import { Type, type Static } from 'typebox';
import { Nullable } from './shared.js';

export const OccupationSummarySchema = Type.Object(
  {
    soc2020: Type.String({ pattern: '^\\d{4}$' }),
    title: Type.String(),
    majorGroup: Nullable(Type.String()),
    majorTitle: Nullable(Type.String()),
    subMajorGroup: Nullable(Type.String()),
    subMajorTitle: Nullable(Type.String()),
    titleCount: Type.Integer({ description: 'Job titles in the coding index classified to it' }),
  },
  { title: 'OccupationSummary' },
);
export type OccupationSummary = Static<typeof OccupationSummarySchema>;
