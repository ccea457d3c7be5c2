import type { Migration } from 'kysely';
import * as m001 from './001_foundation';
import * as m002 from './002_parcels';
import * as m003 from './003_visitors';
import * as m004 from './004_messaging';
import * as m005 from './005_audit';
import * as m006 from './006_security';
import * as m007 from './007_scale';
import * as m008 from './008_tiles';
import * as m009 from './009_basemap';
import * as m010 from './010_saved_searches';
import * as m011 from './011_login_lock';
import * as m012 from './012_review_notes';
import * as m013 from './013_reference_cache';
import * as m014 from './014_job_stage';
import * as m015 from './015_tile_cells';
import * as m016 from './016_public_figures';

/** Every migration, in order. Names sort lexically; never rename one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_parcels': m002,
  '003_visitors': m003,
  '004_messaging': m004,
  '005_audit': m005,
  '006_security': m006,
  '007_scale': m007,
  '008_tiles': m008,
  '009_basemap': m009,
  '010_saved_searches': m010,
  '011_login_lock': m011,
  '012_review_notes': m012,
  '013_reference_cache': m013,
  '014_job_stage': m014,
  '015_tile_cells': m015,
  '016_public_figures': m016,
};
