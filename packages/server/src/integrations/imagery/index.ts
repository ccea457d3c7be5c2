import type { Settings } from '@land/shared/settings';
import { HttpImageryCatalogue } from './http';
import { OfflineImageryCatalogue } from './offline';
import type { ImageryCatalogue } from './types';

export { HttpImageryCatalogue } from './http';
export { OfflineImageryCatalogue, BUILTIN_IMAGERY, INDEX_TYPES, matchesSearch } from './offline';
export { ImageryServiceError, type ImageryCatalogue, type ImageryRecord, type ImagerySearch, type IndexType } from './types';

/** The configured catalogue: the remote service at `imageryCatalogueUrl`, else the built-in one. */
export function imageryCatalogueFor(settings: Pick<Settings, 'imageryCatalogueUrl'>, options: { fetch?: typeof fetch } = {}): ImageryCatalogue {
  if (settings.imageryCatalogueUrl) return new HttpImageryCatalogue({ baseUrl: settings.imageryCatalogueUrl, fetch: options.fetch });
  return new OfflineImageryCatalogue();
}
