export * from './envelope';
export * from './errors';
export * from './identity';
export * from './auth';
export * from './account';
