// The local PostgreSQL cluster the run's database lives on (the one .ci/run starts), stopped and started as an
// operator or a crash would, with Debian's pg_ctlcluster: the "PostgreSQL restarted" fault. The cluster is found
// by the port of the database URL; pg_ctlcluster needs root (or sudo without a password, as .ci/run uses).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

export interface PostgresService {
  /** `version/name` of the cluster, for the report. */
  name: string;
  /** A fast shutdown: every open connection is cut, as in a crash or a restart for an upgrade. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

// Not execFileSync: the scenario's visitors go on asking the store while the cluster stops and starts.
const run = promisify(execFile);
const asRoot = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? run(command, args) : run('sudo', ['-n', command, ...args]);

export function localPostgres(databaseUrl: string): PostgresService {
  const port = new URL(databaseUrl).port || '5432';
  let listing: string;
  try {
    listing = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  } catch {
    throw new Error('pg_lsclusters is missing: the PostgreSQL faults need the local Debian cluster .ci/run starts');
  }
  const line = listing
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((fields) => fields[2] === port);
  const [version, cluster] = line ?? [];
  if (!version || !cluster)
    throw new Error(`No local PostgreSQL cluster listens on port ${port}: the database cannot be restarted from here`);
  const control = async (action: 'stop' | 'start', ...extra: string[]) => {
    try {
      await asRoot('pg_ctlcluster', [version, cluster, action, ...extra]);
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`pg_ctlcluster ${version} ${cluster} ${action} failed: ${stderr || String(error)}`, {
        cause: error,
      });
    }
  };
  return { name: `${version}/${cluster}`, stop: () => control('stop', '-m', 'fast'), start: () => control('start') };
}
