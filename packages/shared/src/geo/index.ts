/**
 * Parcel geometry toolkit (isomorphic: browser and Node). Import from '@land/shared/geo/index'.
 */
export * from './types';
export * from './ellipsoid';
export * from './area';
export * from './measure';
export * from './segments';
export * from './validate';
export * from './simplify';
export * from './chinaOffsets';
export * from './gaussKruger';
export * from './crs';
