#!/usr/bin/env node
// `pnpm new:tool <slug> [--title "Title"] [--category "Image Tools"] [--icon Wrench]`
// Appends the tool's entry to the tool catalogue (packages/shared/src/tool-catalogue.ts), the one list of
// tools both the server and the web app read, and writes apps/web/src/tools/<slug>/ (the folder's index.ts
// with the icon and lazy screen, the screen, a service and its test). The web app finds the folder by its
// name, so no other list needs the slug.
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
const titleCase = (slug) =>
  slug
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

/** A string as a single-quoted TypeScript literal. */
const quote = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The tool's catalogue entry, as it is appended to TOOL_CATALOGUE. */
export function catalogueEntry({ slug, id, title, category }) {
  return `  {
    id: ${id},
    slug: ${quote(slug)},
    title: ${quote(title)},
    description: ${quote(`Describe what ${title} does in one sentence.`)},
    category: ${quote(category)},
    keywords: [${slug.split('-').map(quote).join(', ')}],
  },
`;
}

/** Files of a new tool's folder, as { relativePath: contents }. */
export function toolFiles({ slug, title, icon }) {
  const component = `${pascalCase(slug)}Tool`;
  return {
    'index.ts': `import { ${icon} } from 'lucide-react';
import { lazy } from 'react';
import { defineTool } from '../define-tool';

export default defineTool({
  slug: '${slug}',
  icon: ${icon},
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
      <textarea
        id="${slug}-input"
        className={ui.input}
        value={input}
        onChange={(event) => setInput(event.target.value)}
      />
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

const CATALOGUE_END = /^\] as const satisfies readonly ToolCatalogueEntry\[\];$/m;

/** Appends an entry (see catalogueEntry) to TOOL_CATALOGUE in packages/shared/src/tool-catalogue.ts. */
export function addToCatalogue(source, entry) {
  if (!CATALOGUE_END.test(source))
    throw new Error('Could not find TOOL_CATALOGUE in packages/shared/src/tool-catalogue.ts');
  return source.replace(CATALOGUE_END, (end) => `${entry}${end}`);
}

/** One more than the highest id in the catalogue, so an id is never given twice. */
export function nextId(catalogueSource) {
  const ids = [...catalogueSource.matchAll(/^ {4}id: (\d+),$/gm)].map((match) => Number(match[1]));
  return Math.max(0, ...ids) + 1;
}

export function createTool({ root, slug, title = titleCase(slug), category = 'Security', icon = 'Wrench' }) {
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(slug))
    throw new Error(`Slug must be kebab-case (a-z, 0-9, dashes): ${slug}`);
  if (!CATEGORIES.includes(category)) throw new Error(`Category must be one of: ${CATEGORIES.join(', ')}`);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(icon)) throw new Error(`Icon must be a lucide-react icon name: ${icon}`);
  const dir = path.join(root, 'apps/web/src/tools', slug);
  if (existsSync(dir)) throw new Error(`apps/web/src/tools/${slug} already exists`);
  const cataloguePath = path.join(root, 'packages/shared/src/tool-catalogue.ts');
  const catalogue = readFileSync(cataloguePath, 'utf8');
  if (catalogue.includes(`slug: ${quote(slug)},`)) throw new Error(`${slug} is already in the tool catalogue`);
  const updatedCatalogue = addToCatalogue(catalogue, catalogueEntry({ slug, id: nextId(catalogue), title, category }));
  const files = toolFiles({ slug, title, icon });

  mkdirSync(dir, { recursive: true });
  for (const [name, contents] of Object.entries(files)) writeFileSync(path.join(dir, name), contents);
  writeFileSync(cataloguePath, updatedCatalogue);
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
      `Created ${slug}:\n${written.map((file) => `  ${file}`).join('\n')}\nand added it to packages/shared/src/tool-catalogue.ts.`,
    );
    console.log(
      'Next: write its description and keywords in the catalogue entry, its logic in the service, and the catalogue test row.',
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
