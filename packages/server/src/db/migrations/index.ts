import type { Migration } from 'kysely';
import * as m001 from './001_foundation';
import * as m002 from './002_parcels';
import * as m003 from './003_visitors';

/** Every migration, in order. Names sort lexically; never rename one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_parcels': m002,
  '003_visitors': m003,
};
