import { demandSection } from './demand.js';
import { employmentSection } from './employment.js';
import { howToBecomeSection } from './how-to-become.js';
import { jobAdvertsSection } from './job-adverts.js';
import { movesSection } from './moves.js';
import { paySection } from './pay.js';
import { projectionsSection } from './projections.js';
import type { Section } from './section.js';
import { skillsSection } from './skills.js';
import { vacanciesSection } from './vacancies.js';
import { visasSection } from './visas.js';
import { workProfileSection } from './work-profile.js';

/** The parts of an occupation's page, in order (what a reader asks first: pay, how many, the outlook, the way in): a new one (projections, routes in) is its module and one line here. */
export const SECTIONS: ReadonlyArray<Section<unknown>> = [
  paySection,
  employmentSection,
  projectionsSection,
  howToBecomeSection,
  vacanciesSection,
  demandSection,
  jobAdvertsSection,
  skillsSection,
  workProfileSection,
  movesSection,
  visasSection,
];
