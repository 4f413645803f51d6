import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { keyRoutes } from './keys/index.js';
import { localAreaRoutes } from './local-areas/index.js';
import { metaRoutes } from './meta/index.js';
import { employmentRoutes } from './occupations/employment/index.js';
import { occupationRoutes } from './occupations/index.js';
import { payRoutes } from './occupations/pay/index.js';
import { occupationSkillsRoutes } from './occupations/skills/index.js';
import { vacancyRoutes } from './occupations/vacancies/index.js';
import { occupationWorkProfileRoutes } from './occupations/work-profile/index.js';

/**
 * Every /v1 endpoint group (a folder beside this file) with its prefix: a new group is its folder,
 * its import and one line here. The order is the order of the paths in the OpenAPI document.
 */
const GROUPS: ReadonlyArray<readonly [prefix: string, routes: FastifyPluginAsyncTypebox]> = [
  ['/meta', metaRoutes],
  ['/keys', keyRoutes],
  ['/occupations', occupationRoutes],
  ['/occupations', occupationSkillsRoutes],
  ['/occupations', occupationWorkProfileRoutes],
  ['/occupations', employmentRoutes],
  ['/local-areas', localAreaRoutes],
  ['/occupations', payRoutes],
  ['/occupations', vacancyRoutes],
];

export const v1Routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [prefix, routes] of GROUPS) await app.register(routes, { prefix });
};
