import { Type } from 'typebox';

export const LocalAreaSchema = Type.Object(
  {
    code: Type.String({ description: "GSS code on April 2023 boundaries; London carries its region's code" }),
    slug: Type.String({ description: 'The value to pass as {area} on local endpoints' }),
    name: Type.String(),
    region: Type.String({ description: 'The English region or nation containing it' }),
  },
  { title: 'LocalArea' },
);
