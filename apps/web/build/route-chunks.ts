/**
 * Writes dist/route-chunks.json: for each lazy route, the built JavaScript and CSS it loads besides
 * what index.html already loads. The server turns each list into modulepreload links in that
 * route's HTML (apps/api/src/http/spa.ts), so the browser fetches the route's chunks alongside the
 * entry script instead of only after the entry has run and the router has asked for them.
 *
 * The routes come from the app's own tables, never from a list kept here: the router's SCREENS
 * record (`pattern: lazyScreen(() => import('…'))`) and the tool folders, where tools/<slug>/index.ts
 * lazily imports the screen of /<slug>. If the router or a tool's index lazily imports a module
 * this plugin could not attribute to a route, the build fails rather than ship a partial file.
 */
import type { Plugin, Rollup } from 'vite';
import type { RouteChunks } from '@toolvault/shared';
// By file, not through the package: vite.config.ts loads this module in Node (see navigation-allowlist.ts).
import { ROUTE_CHUNKS_FILE } from '../../../packages/shared/src/routes.ts';

const ROUTER = /[\\/]src[\\/]app[\\/]router\.tsx$/;
const TOOL_INDEX = /[\\/]src[\\/]tools[\\/]([^\\/]+)[\\/]index\.ts$/;
/** One entry of the router's SCREENS record: `'pattern': lazyScreen(() => import('specifier'))`. */
const SCREEN_ENTRY = /^\s*(?:'([^']+)'|([\w-]+))\s*:\s*lazyScreen\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)\s*\)/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*'([^']+)'\s*\)/g;

export function routeChunksPlugin(): Plugin {
  /** Route pattern → id of the module its lazy screen is. */
  const screens = new Map<string, string>();

  return {
    name: 'toolvault:route-chunks',
    apply: 'build',
    // Before the JSX/TypeScript transform: the tables are read from their source text.
    enforce: 'pre',
    async transform(code, id) {
      const tool = TOOL_INDEX.exec(id);
      const found: [route: string, specifier: string][] = ROUTER.test(id)
        ? [...code.matchAll(SCREEN_ENTRY)].map((match) => [match[1] ?? match[2] ?? '', match[3] ?? ''])
        : tool
          ? [...code.matchAll(DYNAMIC_IMPORT)].map((match) => [tool[1] ?? '', match[1] ?? ''])
          : [];
      if (tool && found.length > 1) this.error(`${id}: a tool's index should lazily import only its screen`);
      for (const [route, specifier] of found) {
        const resolved = await this.resolve(specifier, id);
        if (!resolved) this.error(`${id}: cannot resolve ${specifier}`);
        screens.set(route, resolved.id);
      }
      return null;
    },
    generateBundle: {
      // After Vite has dropped the chunks that only carried CSS and moved their CSS to the importers.
      order: 'post',
      handler(_options, bundle) {
        const known = new Set(screens.values());
        for (const id of this.getModuleIds()) {
          if (!ROUTER.test(id) && !TOOL_INDEX.test(id)) continue;
          for (const imported of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
            if (!known.has(imported)) {
              this.error(`${id} lazily imports ${imported} outside the route tables ${ROUTE_CHUNKS_FILE} is made from`);
            }
          }
        }

        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entries = chunks.filter((chunk) => chunk.isEntry);
        if (entries.length !== 1) this.error(`expected one entry chunk, found ${entries.length}`);
        const inHtml = staticClosure(entries, byName);
        const cssInHtml = new Set(inHtml.flatMap(cssOf));

        const routes: RouteChunks = {};
        for (const [route, moduleId] of [...screens].sort(([a], [b]) => a.localeCompare(b))) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
          if (!chunk) this.error(`no chunk holds ${moduleId}, the screen of ${route}`);
          const own = staticClosure([chunk], byName).filter((file) => !inHtml.includes(file));
          routes[route] = {
            js: own.map((file) => file.fileName),
            css: [...new Set(own.flatMap(cssOf))].filter((file) => !cssInHtml.has(file)),
          };
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: `${JSON.stringify(routes, null, 2)}\n` });
      },
    },
  };
}

/** The chunks and everything they import statically (what loading them fetches and runs), the chunks first. */
function staticClosure(
  start: readonly Rollup.OutputChunk[],
  byName: ReadonlyMap<string, Rollup.OutputChunk>,
): Rollup.OutputChunk[] {
  const seen = new Set<Rollup.OutputChunk>();
  const queue = [...start];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) queue.push(imported);
    }
  }
  return [...seen];
}

/** CSS files Vite attaches to a chunk, which its loader inserts before running it. */
function cssOf(chunk: Rollup.OutputChunk): string[] {
  return [...(chunk.viteMetadata?.importedCss ?? [])];
}
