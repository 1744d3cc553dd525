#!/usr/bin/env node
// Makes sure Debian's nginx is there for the replica tests (two servers behind one nginx);
// installs it with apt when missing. When that is impossible, the replica tests are skipped and
// the global test set-up says so in one line: the rest of the suite does not need nginx.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NGINX = '/usr/sbin/nginx';

if (existsSync(NGINX)) {
  console.log(`nginx: found at ${NGINX}`);
  process.exit(0);
}
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = asRoot ? '' : 'sudo ';
console.log("nginx is missing: installing Debian's nginx package with apt-get…");
try {
  // The tests start nginx themselves on a random port; the package's own service is not needed.
  execSync(
    `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx`,
    { stdio: 'inherit' },
  );
} catch {
  console.log('nginx could not be installed: the replica tests will be skipped.');
  process.exit(0);
}
console.log(
  existsSync(NGINX) ? `nginx: installed at ${NGINX}` : 'nginx still missing: the replica tests will be skipped.',
);
