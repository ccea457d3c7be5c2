/**
 * Which component each back-office screen renders. Screens with a component of their own are
 * listed here; every other screen is the entity screen of the definition whose `screen` is its
 * path (looked up when the definitions load), or its title and an empty state while none has.
 */
import type { ComponentType } from 'react';
import { MANAGEMENT_SCREENS } from '@land/shared/routes';

export type LoadScreen = () => Promise<ComponentType>;

/** The parcel lifecycle and trading screens: one component, configured per screen. */
const PARCEL_SCREENS = [
  'land',
  'landManagement_process',
  'landManagement_publish',
  'landManagement_published',
  'landManagement_xiajia',
  'landJyxtManagement_gp',
  'landJyxtManagement_cj',
];

const parcelScreen =
  (path: string): LoadScreen =>
  () =>
    import('../../features/parcels/parcel-screen-for').then((m) => m.parcelScreenFor(path));

const OWN_SCREENS: Partial<Record<string, LoadScreen>> = {
  analysis: () => import('../../features/analysis/AnalysisPage').then((m) => m.AnalysisPage),
  user: () => import('../../features/users/UserListPage').then((m) => m.UserListPage),
  peizhi: () => import('../../features/settings/SettingsPage').then((m) => m.SettingsPage),
  recycleBin: () => import('../../features/recycle-bin/RecycleBinPage').then((m) => m.RecycleBinPage),
  auditLog: () => import('../../features/audit/AuditLogPage').then((m) => m.AuditLogPage),
  ...Object.fromEntries(PARCEL_SCREENS.map((path) => [path, parcelScreen(path)])),
};

/** Screens that will have components of their own and never an entity's (statistics). */
const NOT_ENTITY_SCREENS = new Set(['analysis']);

/** Full-page add and edit forms of entities listed on another screen (招商活动). */
const ENTITY_PAGES = new Set(['addZshd', 'editZshd/:id']);

export const SCREEN_LOADERS: Partial<Record<string, LoadScreen>> = Object.fromEntries(
  MANAGEMENT_SCREENS.filter((screen) => OWN_SCREENS[screen.path] || !NOT_ENTITY_SCREENS.has(screen.path)).map((screen): [string, LoadScreen] => {
    const own = OWN_SCREENS[screen.path];
    if (own) return [screen.path, own];
    if (ENTITY_PAGES.has(screen.path)) return [screen.path, () => import('./entity-screens').then((m) => m.entityPageFor(screen))];
    return [screen.path, () => import('./entity-screens').then((m) => m.entityScreenFor(screen))];
  }),
);
