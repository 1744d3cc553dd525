// Starts the sanitizer's TypeScript entry in its own process: the server runs its source through tsx,
// and the child needs the same loader registered before it can import a .ts file.
import { register } from 'tsx/esm/api';

const api = register({ namespace: 'html-sanitizer-worker' });
await api.import('./html-sanitizer.worker.ts', import.meta.url);
