/** Home filter categories, in the designed order. "All" is the filter's reset, not a tool category. */
export const TOOL_CATEGORIES = [
  'Network Tools',
  'Encryption',
  'Password Tools',
  'Encoding',
  'Security',
  'Steganography',
  'Web Security',
  'Image Tools',
  'URL Tools',
] as const;

export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export const ALL_CATEGORY = 'All' as const;
export type CategoryFilter = ToolCategory | typeof ALL_CATEGORY;
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [ALL_CATEGORY, ...TOOL_CATEGORIES];

export function isToolCategory(value: unknown): value is ToolCategory {
  return typeof value === 'string' && (TOOL_CATEGORIES as readonly string[]).includes(value);
}
