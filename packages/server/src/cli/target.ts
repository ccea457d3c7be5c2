import path from 'node:path';
import type { Config } from '../config';
import { fileStoreFor } from '../services/storage';
import type { BackupTarget } from '../services/backup';

/** What the server of this configuration uses: the same database and uploaded files. */
export function backupTarget(config: Config): BackupTarget {
  const postgres = !!config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl);
  return postgres
    ? { dialect: 'postgres', databaseUrl: config.databaseUrl, files: fileStoreFor(config) }
    : { dialect: 'sqlite', sqliteFile: path.join(config.dataDir, 'land.db'), files: fileStoreFor(config) };
}

/** A path given on the command line, relative to where `npm run` was typed. */
export function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}
