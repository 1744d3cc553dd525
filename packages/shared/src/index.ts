export * from './api';
export * from './auth';
export * from './categories';
export * from './contact';
export * from './ip';
export * from './routes';
export * from './speedtest';
