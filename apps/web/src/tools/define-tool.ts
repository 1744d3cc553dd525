import type { ToolCategory, ToolSlug } from '@toolvault/shared';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType, LazyExoticComponent } from 'react';

export interface ToolDefinitionInput {
  /** Catalogue id. */
  id: number;
  /** Folder name and route: tools/<slug>/ serves /<slug>. */
  slug: ToolSlug;
  title: string;
  description: string;
  category: ToolCategory;
  icon: LucideIcon;
  /** Extra words the home search matches besides title and description. */
  keywords: readonly string[];
  /** A demonstration with made-up results (docs/decisions/0001-real-tools.md): the page says so. */
  simulation?: boolean;
  /** The tool's screen, loaded as its own chunk. */
  component: LazyExoticComponent<ComponentType>;
}

export interface ToolDefinition extends ToolDefinitionInput {
  path: `/${ToolSlug}`;
  simulation: boolean;
}

export function defineTool(input: ToolDefinitionInput): ToolDefinition {
  return { ...input, path: `/${input.slug}`, simulation: input.simulation ?? false };
}
