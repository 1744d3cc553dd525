// import.meta.glob, also for `tsc -p e2e`, which reaches this file from the browser suite's route lists.
/// <reference types="vite/client" />
/**
 * The tools as the web app shows them: the shared tool catalogue (packages/shared/src/tool-catalogue.ts),
 * in its order, each entry joined with its folder's icon and lazy screen. The router, the home grid, the
 * category filter, search, the footer and the pages all derive from this list, so none of them can
 * disagree with the catalogue.
 *
 * The folders are found by pattern rather than imported one by one, so no second list of slugs is kept
 * here: a tool exists once its catalogue entry and its folder do. Eager, because the home grid needs
 * every icon at once; each folder's index.ts is small and loads its screen lazily.
 */
import { TOOL_CATALOGUE } from '@toolvault/shared';
import type { ToolDefinition } from './define-tool';

/** Each folder's definition, keyed by its path: './<slug>/index.ts'. */
const definitions = import.meta.glob<ToolDefinition>('./*/index.ts', { eager: true, import: 'default' });

export const tools: readonly ToolDefinition[] = TOOL_CATALOGUE.map(({ slug }) => {
  const tool = definitions[`./${slug}/index.ts`];
  // A catalogue entry with no folder (or a folder serving another slug) is a bug, not a tool to skip.
  if (tool?.slug !== slug) throw new Error(`apps/web/src/tools/${slug}/index.ts must define the tool ${slug}`);
  return tool;
});

export type { ToolDefinition } from './define-tool';
