/**
 * The rows of a release written outside one transaction (SQLite's batched publish): which tables
 * its stage wrote to, read from the insert statements as they go, so that a stage that fails part
 * way deletes what it wrote without a list of the tables a source writes.
 */
import {
  InsertQueryNode,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from './schema.js';

export class StagedTables implements KyselyPlugin {
  readonly names = new Set<string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(args.node) && args.node.into) this.names.add(args.node.into.table.identifier.name);
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** Deletes the rows of `editionId` that its stage wrote, table by table. */
export async function deleteStagedRows(db: Db, editionId: string, tables: StagedTables): Promise<void> {
  for (const table of tables.names) {
    // The names come from the stage's own insert statements, so each is a table of the schema with an edition_id.
    await sql`delete from ${sql.table(table)} where edition_id = ${editionId}`.execute(db);
  }
}
