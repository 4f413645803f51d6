import type { Kysely, Transaction } from 'kysely';
import type { ApprenticeshipsTables } from './tables/apprenticeships.js';
import type { ChangesTables } from './tables/changes.js';
import type { DemandTables } from './tables/demand.js';
import type { EmploymentTables } from './tables/employment.js';
import type { HowToBecomeTables } from './tables/how-to-become.js';
import type { JobAdvertsTables } from './tables/job-adverts.js';
import type { KeysTables } from './tables/keys.js';
import type { LocalAreasTables } from './tables/local-areas.js';
import type { MetaTables } from './tables/meta.js';
import type { OccupationsTables } from './tables/occupations.js';
import type { PayTables } from './tables/pay.js';
import type { ProjectionsTables } from './tables/projections.js';
import type { SkillsTables } from './tables/skills.js';
import type { SocCrosswalkTables } from './tables/soc-crosswalk.js';
import type { VacanciesTables } from './tables/vacancies.js';
import type { VisasTables } from './tables/visas.js';
import type { WebhooksTables } from './tables/webhooks.js';
import type { WorkProfileTables } from './tables/work-profile.js';

/**
 * Every table, by group: a new group of tables is a file in `tables/` and one name here. Timestamps
 * are ISO 8601 text in both dialects so that rows read back the same from SQLite and PostgreSQL;
 * `checks` is JSON text.
 */
export interface Database
  extends
    MetaTables,
    KeysTables,
    OccupationsTables,
    EmploymentTables,
    LocalAreasTables,
    PayTables,
    ProjectionsTables,
    HowToBecomeTables,
    ApprenticeshipsTables,
    SkillsTables,
    SocCrosswalkTables,
    VacanciesTables,
    WorkProfileTables,
    VisasTables,
    DemandTables,
    JobAdvertsTables,
    ChangesTables,
    WebhooksTables {}

export type Db = Kysely<Database>;
/** Either a database handle or an open transaction: store writers accept both. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
