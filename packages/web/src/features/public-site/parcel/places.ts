/**
 * The places around a parcel as its small map marks them: surrounding facilities (周边配套) and
 * the key places distances are measured to (区位距离), each with the note its label shows.
 * Shared by the desktop and the mobile detail pages, whose lists use the same ids (f:…, d:…) to
 * pick a place on the map.
 */
import type { MiniMapPlace } from '../../public-map/ParcelMiniMap';
import { FACILITY_TYPE_LABELS, text, withUnit } from '../../public-map/format';
import type { Row } from './api';

export const facilityPlaceId = (row: Row): string => `f:${row.id}`;
export const distancePlaceId = (row: Row): string => `d:${row.id}`;

export function parcelPlaces(facilities: Row[], distances: Row[]): MiniMapPlace[] {
  return [
    ...facilities.map((f) => ({
      id: facilityPlaceId(f),
      name: text(f.name),
      type: text(f.facilityType),
      lon: f.lon,
      lat: f.lat,
      note: [FACILITY_TYPE_LABELS[text(f.facilityType)], text(f.distanceM) && withUnit(f.distanceM, 'm', 0)].filter(Boolean).join(' · '),
    })),
    ...distances.map((d) => ({
      id: distancePlaceId(d),
      name: text(d.placeName),
      type: text(d.placeType),
      lon: d.lon,
      lat: d.lat,
      note: [text(d.distanceKm) && withUnit(d.distanceKm, '公里', 1), text(d.driveMinutes) && `车程约 ${text(d.driveMinutes)} 分钟`].filter(Boolean).join(' · '),
    })),
  ];
}
