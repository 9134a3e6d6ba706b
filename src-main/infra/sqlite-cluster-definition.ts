import type { ClusterDefinition } from '../core/cluster/cluster-definition';
import type { ClusterDefinitionStore } from '../core/cluster/workspace';
import type { SqliteDatabase } from './sqlite-database';

/** The workspace's cluster definition: one JSON row in `cluster_definition` of `metadata.db`. */
export class SqliteClusterDefinitionStore implements ClusterDefinitionStore {
  constructor(private readonly db: SqliteDatabase) {
    db.exec('CREATE TABLE IF NOT EXISTS cluster_definition (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL)');
  }

  load(): ClusterDefinition | null {
    const row = this.db.prepare('SELECT json FROM cluster_definition WHERE id = 1').get() as { json: string } | undefined;
    return row ? (JSON.parse(row.json) as ClusterDefinition) : null;
  }

  save(definition: ClusterDefinition): void {
    this.db.prepare('INSERT OR REPLACE INTO cluster_definition (id, json) VALUES (1, ?)').run(JSON.stringify(definition));
  }
}
