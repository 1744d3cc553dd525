// Starts the click writer's TypeScript worker (click-writer.worker.ts): the server runs its source
// through tsx, and a worker thread needs the same loader registered before it can import a .ts file.
// The built server has its own compiled click-writer.worker.mjs beside it instead.
import { register } from 'tsx/esm/api';

const api = register({ namespace: 'click-writer-worker' });
await api.import('./click-writer.worker.ts', import.meta.url);
