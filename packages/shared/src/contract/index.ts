export * from './responses';
export * from './routes';
export * from './account-routes';
export * from './audit-routes';
export * from './team-routes';
export * from './qr-routes';
export * from './shortlink-folder-routes';
