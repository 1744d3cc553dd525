#!/usr/bin/env node
// `pnpm new:tool <slug> [--title "Title"] [--category "Image Tools"] [--icon Wrench]`
// Writes apps/web/src/tools/<slug>/ (definition, screen, service, service test),
// adds it to the catalogue and to the server's list of fixed routes (the two lists must agree: docs/decisions/0012-code-habits.md).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CATEGORIES = [
  'Network Tools',
  'Encryption',
  'Password Tools',
  'Encoding',
  'Security',
  'Steganography',
  'Web Security',
  'Image Tools',
  'URL Tools',
];

export const pascalCase = (slug) =>
  slug
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
export const camelCase = (slug) => {
  const pascal = pascalCase(slug);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
};
const titleCase = (slug) =>
  slug
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

/** Files of a new tool, as { relativePath: contents }. */
export function toolFiles({ slug, id, title, category, icon }) {
  const component = `${pascalCase(slug)}Tool`;
  const ident = camelCase(slug);
  return {
    'index.ts': `import { ${icon} } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export const ${ident} = defineTool({
  id: ${id},
  slug: '${slug}',
  title: ${JSON.stringify(title)},
  description: 'Describe what ${title} does in one sentence.',
  category: '${category}',
  icon: ${icon},
  keywords: ['${slug.split('-').join("', '")}'],
  component: lazy(() => import('./${component}')),
});
`,
    [`${component}.tsx`]: `import { useState } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { run${pascalCase(slug)} } from './${slug}.service';

export default function ${component}() {
  const [input, setInput] = useState('');
  const result = run${pascalCase(slug)}({ input });
  return (
    <Card>
      <label htmlFor="${slug}-input" className={ui.label}>
        Input
      </label>
      <textarea id="${slug}-input" className={ui.input} value={input} onChange={(event) => setInput(event.target.value)} />
      <output className="mt-4 block font-mono text-sm" aria-live="polite">
        {result.ok ? result.value : result.error}
      </output>
    </Card>
  );
}
`,
    [`${slug}.service.ts`]: `export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export interface ${pascalCase(slug)}Options {
  input?: string;
}

/** Pure logic of ${title}: no React, no DOM. */
export function run${pascalCase(slug)}({ input = '' }: ${pascalCase(slug)}Options = {}): Result<string> {
  if (input.trim() === '') return { ok: false, error: 'Please enter some input' };
  return { ok: true, value: input.trim() };
}
`,
    [`${slug}.service.test.ts`]: `import { describe, expect, it } from 'vitest';
import { run${pascalCase(slug)} } from './${slug}.service';

describe('run${pascalCase(slug)}', () => {
  it.each([
    ['', { ok: false, error: 'Please enter some input' }],
    ['   ', { ok: false, error: 'Please enter some input' }],
    [' hello ', { ok: true, value: 'hello' }],
  ])('%j → %j', (input, expected) => {
    expect(run${pascalCase(slug)}({ input })).toEqual(expected);
  });
});
`,
  };
}

/** Adds the tool to tools/index.ts (import + list entry). */
export function addToCatalogue(source, slug) {
  const ident = camelCase(slug);
  const importLine = `import { ${ident} } from './${slug}';`;
  const withImport = source.replace(/((?:^import .*;\n)+)/m, (block) => `${block}${importLine}\n`);
  const withEntry = withImport.replace(
    /(export const tools: readonly ToolDefinition\[\] = \[\n(?:.*\n)*?)(\];)/,
    `$1  ${ident},\n$2`,
  );
  if (withEntry === withImport) throw new Error('Could not find the tools list in tools/index.ts');
  return withEntry;
}

/** Adds the slug to TOOL_SLUGS in packages/shared/src/routes.ts. */
export function addToRoutes(source, slug) {
  const updated = source.replace(/(export const TOOL_SLUGS = \[\n(?:.*\n)*?)(\] as const;)/, `$1  '${slug}',\n$2`);
  if (updated === source) throw new Error('Could not find TOOL_SLUGS in packages/shared/src/routes.ts');
  return updated;
}

export function nextId(catalogueDir, catalogueSource) {
  let max = 0;
  for (const match of catalogueSource.matchAll(/from '\.\/([a-z0-9-]+)';/g)) {
    const file = path.join(catalogueDir, match[1], 'index.ts');
    if (!existsSync(file)) continue;
    const id = /\bid: (\d+)/.exec(readFileSync(file, 'utf8'));
    if (id) max = Math.max(max, Number(id[1]));
  }
  return max + 1;
}

export function createTool({ root, slug, title = titleCase(slug), category = 'Security', icon = 'Wrench' }) {
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(slug))
    throw new Error(`Slug must be kebab-case (a-z, 0-9, dashes): ${slug}`);
  if (!CATEGORIES.includes(category)) throw new Error(`Category must be one of: ${CATEGORIES.join(', ')}`);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(icon)) throw new Error(`Icon must be a lucide-react icon name: ${icon}`);
  const toolsDir = path.join(root, 'apps/web/src/tools');
  const dir = path.join(toolsDir, slug);
  if (existsSync(dir)) throw new Error(`apps/web/src/tools/${slug} already exists`);
  const cataloguePath = path.join(toolsDir, 'index.ts');
  const routesPath = path.join(root, 'packages/shared/src/routes.ts');
  const catalogue = readFileSync(cataloguePath, 'utf8');
  const routes = readFileSync(routesPath, 'utf8');
  const updatedCatalogue = addToCatalogue(catalogue, slug);
  const updatedRoutes = addToRoutes(routes, slug);
  const files = toolFiles({ slug, id: nextId(toolsDir, catalogue), title, category, icon });

  mkdirSync(dir, { recursive: true });
  for (const [name, contents] of Object.entries(files)) writeFileSync(path.join(dir, name), contents);
  writeFileSync(cataloguePath, updatedCatalogue);
  writeFileSync(routesPath, updatedRoutes);
  return Object.keys(files).map((name) => path.join('apps/web/src/tools', slug, name));
}

function parseArgs(argv) {
  const options = {};
  const rest = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg.startsWith('--')) options[arg.slice(2)] = argv[++i];
    else rest.push(arg);
  }
  return { slug: rest[0], ...options };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { slug, title, category, icon } = parseArgs(process.argv.slice(2));
  if (!slug) {
    console.error('Usage: pnpm new:tool <slug> [--title "Title"] [--category "Image Tools"] [--icon Wrench]');
    process.exit(1);
  }
  try {
    const root = path.resolve(import.meta.dirname, '..');
    const written = createTool({ root, slug, title, category, icon });
    console.log(
      `Created ${slug}:\n${written.map((file) => `  ${file}`).join('\n')}\nand added it to the catalogue and TOOL_SLUGS.`,
    );
    console.log(
      'Next: write its description and keywords in index.ts, its logic in the service, and the catalogue test row.',
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
