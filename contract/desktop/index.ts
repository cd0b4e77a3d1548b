export * from './channels';
export * from './bridge';
export * from './file-types';
export * from './server-address';
export * from './external-url';
