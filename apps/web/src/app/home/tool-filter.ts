import { ALL_CATEGORY, type CategoryFilter } from '@toolvault/shared';

export interface FilterableTool {
  title: string;
  description: string;
  category: string;
  keywords: readonly string[];
}

export interface ToolFilter {
  category?: CategoryFilter;
  query?: string;
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Keeps tools whose category matches exactly ("All" keeps every
 * tool) and whose title, description, category or keywords contain every word
 * of the query, ignoring case and accents.
 */
export function filterTools<T extends FilterableTool>(
  tools: readonly T[],
  { category = ALL_CATEGORY, query = '' }: ToolFilter = {},
): T[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  return tools.filter((tool) => {
    if (category !== ALL_CATEGORY && tool.category !== category) return false;
    if (words.length === 0) return true;
    const haystack = normalise([tool.title, tool.description, tool.category, ...tool.keywords].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

/** "1 tool available" / "N tools available". */
export function toolCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'tool' : 'tools'} available`;
}
