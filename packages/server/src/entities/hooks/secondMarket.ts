import { registerHooks } from '../hooks';
import { keepAreaUnits } from './areaUnits';

/** 二级市场: area in m² and 亩 kept consistent. */
registerHooks('tSecondmarket', { beforeSave: keepAreaUnits(['area', 'areaMu']), bulkCreate: true });
