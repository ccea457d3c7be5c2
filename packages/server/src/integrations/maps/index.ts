import type { Settings } from '@land/shared/settings';
import type { AnyDb } from '../../entities/repository';
import { AmapMapsService } from './amap';
import { OfflineMapsService } from './offline';
import type { MapsService } from './types';

export { AmapMapsService, AMAP_DEFAULT_BASE_URL, AMAP_TYPE_QUERIES } from './amap';
export { OfflineMapsService, loadFacilities, ROAD_FACTOR, AVERAGE_SPEED_KMH } from './offline';
export { PacedRequests, runSequentially } from './sequence';
export { MapsServiceError, type MapsService, type Poi, type PoiQuery, type DrivingRoute } from './types';

/**
 * The configured maps service: the AMap web service when the settings hold its key (at the
 * settings' address, by default the public one), otherwise the offline facility dictionary.
 */
export function mapsServiceFor(db: AnyDb, settings: Pick<Settings, 'amapKey' | 'amapBaseUrl'>, options: { fetch?: typeof fetch } = {}): MapsService {
  if (settings.amapKey) return new AmapMapsService({ key: settings.amapKey, baseUrl: settings.amapBaseUrl || undefined, fetch: options.fetch });
  return new OfflineMapsService(db);
}
