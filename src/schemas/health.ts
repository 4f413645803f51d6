import { Type } from 'typebox';

export const ReadyResponseSchema = Type.Object({ status: Type.String(), database: Type.String() });
