import { TOOL_CATALOGUE, type ToolCatalogueEntry, type ToolSlug } from '@toolvault/shared';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * What a tool's folder adds to its catalogue entry (packages/shared/src/tool-catalogue.ts): the parts
 * only a browser can use, which the server must never import. The slug is typed as a catalogue slug, so
 * a folder for a tool the catalogue does not list does not compile.
 */
export interface ToolWebParts {
  /** The catalogue entry this folder serves; also the folder's name (tools/<slug>/ serves /<slug>). */
  slug: ToolSlug;
  icon: LucideIcon;
  /** The tool's screen, loaded as its own chunk. */
  component: LazyExoticComponent<ComponentType>;
}

export interface ToolDefinition extends Omit<ToolCatalogueEntry, 'slug' | 'simulation'>, ToolWebParts {
  path: `/${ToolSlug}`;
  simulation: boolean;
}

/** Joins a tool folder's web parts with the catalogue entry of the same slug. */
export function defineTool(web: ToolWebParts): ToolDefinition {
  const entry: ToolCatalogueEntry | undefined = TOOL_CATALOGUE.find((candidate) => candidate.slug === web.slug);
  // Unreachable while the slug type holds; a cast elsewhere would otherwise yield a tool with no title.
  if (!entry) throw new Error(`${web.slug} is not in the tool catalogue`);
  return { ...entry, ...web, path: `/${web.slug}`, simulation: entry.simulation ?? false };
}
