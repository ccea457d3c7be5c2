import type { ComponentType } from 'react';
import { MANAGEMENT_SCREENS } from '@land/shared/routes';
import { ScreenPlaceholder } from '../../components/ScreenCard';
import { ParcelScreen } from './ParcelScreen';
import { PARCEL_SCREENS } from './screens';

/** The component of a parcel screen (地块录入, the review and state screens, 挂牌, 成交). */
export function parcelScreenFor(path: string): ComponentType {
  const config = PARCEL_SCREENS[path];
  const title = MANAGEMENT_SCREENS.find((s) => s.path === path)?.title ?? path;
  if (!config) return () => <ScreenPlaceholder title={title} />;
  const Screen = () => <ParcelScreen config={config} title={title} />;
  Screen.displayName = `ParcelScreen(${path})`;
  return Screen;
}
