import { registerHooks } from '../hooks';
import { keepAreaUnits } from './areaUnits';

/** 片区出让地块: area in m² and 亩 kept consistent. */
registerHooks('tPqcrdk', { beforeSave: keepAreaUnits(['area', 'areaMu']), bulkCreate: true });
