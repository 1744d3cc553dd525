export * from './responses';
export * from './routes';
