import type { Kysely, Transaction } from 'kysely';
import type { ClassificationTables } from './tables/classification.js';
import type { CoreTables } from './tables/core.js';
import type { DemandTables } from './tables/demand.js';
import type { EmploymentTables } from './tables/employment.js';
import type { GeographyTables } from './tables/geography.js';
import type { JobAdvertTables } from './tables/job-adverts.js';
import type { PayTables } from './tables/pay.js';
import type { ProjectionsTables } from './tables/projections.js';
import type { RoutesInTables } from './tables/routes-in.js';
import type { SkillsTables } from './tables/skills.js';
import type { SocCrosswalkTables } from './tables/soc-crosswalk.js';
import type { VacanciesTables } from './tables/vacancies.js';
import type { VisaTables } from './tables/visas.js';
import type { WorkProfileTables } from './tables/work-profile.js';

/**
 * Every table, by group: a new group of tables is a file in `tables/` and one name here. Timestamps
 * are ISO 8601 text in both dialects so that rows read back the same from SQLite and PostgreSQL;
 * `checks` is JSON text.
 */
export interface Database
  extends
    CoreTables,
    ClassificationTables,
    EmploymentTables,
    GeographyTables,
    PayTables,
    ProjectionsTables,
    RoutesInTables,
    SkillsTables,
    SocCrosswalkTables,
    VacanciesTables,
    WorkProfileTables,
    VisaTables,
    DemandTables,
    JobAdvertTables {}

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either a database handle or an open transaction: store writers accept both. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
