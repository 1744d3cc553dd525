#!/usr/bin/env node
// Makes sure Debian's Chromium is there for the browser suite; installs it with apt when missing.
// Never downloads a browser of a tool's own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) {
  console.log(`chromium: ${path}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${path} does not exist.`);
  process.exit(1);
}
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = asRoot ? '' : 'sudo ';
console.log("Chromium is missing: installing Debian's chromium package with apt-get…");
try {
  execSync(
    `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium`,
    {
      stdio: 'inherit',
    },
  );
} catch {
  console.error('Could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
