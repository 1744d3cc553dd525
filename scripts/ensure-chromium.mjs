#!/usr/bin/env node
// Makes sure Debian's Chromium is there for the browser suite; installs it with apt when missing.
// Never downloads a browser of a tool's own.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium version changes with the mirror, and the browser suite must pass on whichever
 * one is installed: say which one this run uses, first thing, so a failure can be traced to it.
 */
function report(how) {
  let version = 'version unknown';
  try {
    version = execFileSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 30_000,
      // Debian's wrapper script prints a shell warning on stderr that says nothing about the browser.
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // Still usable by the suite; the version line is for people reading the log.
  }
  console.log(`chromium: ${version} at ${path} (${how})`);
}

if (existsSync(path)) {
  report('found');
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
report('installed');
