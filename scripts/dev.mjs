#!/usr/bin/env node
// `pnpm dev`: the API with reload on port 3000 and Vite on 5173, proxying /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('pnpm', ['--filter', '@toolvault/api', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('pnpm', ['--filter', '@toolvault/web', 'dev'], { stdio: 'inherit' }),
];

const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
