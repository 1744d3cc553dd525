/**
 * The one zod the schemas use. zod compiles object parsers with `new Function`
 * when it can; the site's CSP (script-src 'self', no 'unsafe-eval') refuses its
 * probe and the browser reports a violation on every page that parses. The
 * interpreted parsers are fast enough for forms and API bodies.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
