export * from './api';
export * from './routes';
export * from './validation';
export * from './helpers';
export * from './constants';
