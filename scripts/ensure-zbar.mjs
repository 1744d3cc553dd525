#!/usr/bin/env node
// Makes sure zbar's command-line decoder is there for the QR tests: the API's QR codes are decoded
// with `zbarimg` (Debian's zbar-tools), an independent reader, so a code the server writes is proven
// to scan to its exact short URL. Installs the package with apt when missing. Unlike nginx, the
// suite has no way round it: when it cannot be installed the QR test fails and says how to get it.
import { execSync, spawnSync } from 'node:child_process';

const found = () => spawnSync('zbarimg', ['--version'], { encoding: 'utf8' }).status === 0;

if (found()) {
  console.log('zbarimg: found');
  process.exit(0);
}
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = asRoot ? '' : 'sudo ';
console.log("zbarimg is missing: installing Debian's zbar-tools package with apt-get…");
try {
  execSync(
    `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends zbar-tools`,
    { stdio: 'inherit' },
  );
} catch {
  console.log('zbar-tools could not be installed: the QR decoding tests will fail until zbarimg is on PATH.');
  process.exit(0);
}
console.log(found() ? 'zbarimg: installed' : 'zbarimg still missing: the QR decoding tests will fail.');
