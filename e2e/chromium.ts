/** Debian's Chromium, never a browser downloaded by a tool. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A name the browser resolves to 127.0.0.1, for pages a test serves itself. */
export const LANDING_HOST = 'landing.test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // The shortlink tests' landing page runs on this machine, and the API refuses link targets on
  // loopback or the machine's own addresses: the browser reaches it by a name of its own instead.
  `--host-resolver-rules=MAP ${LANDING_HOST} 127.0.0.1`,
];
