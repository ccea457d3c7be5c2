import { registerHooks } from '../hooks';
import { keepAreaUnits } from './areaUnits';

/** 供地计划: area in m² and 亩 kept consistent. */
registerHooks('tGyjsyd', { beforeSave: keepAreaUnits(['planArea', 'planAreaMu']), bulkCreate: true });
