import { registerHooks } from '../hooks';
import { keepAreaUnits } from './areaUnits';

/** 存量土地: area in m² and 亩 kept consistent. */
registerHooks('tCltd', { beforeSave: keepAreaUnits(['area', 'areaMu']), bulkCreate: true });
