import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addToCatalogue, addToRoutes, camelCase, createTool, pascalCase } from './new-tool.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const temps = [];

/** A scratch copy of just the files the generator reads and edits. */
function scratchRepo() {
  const root = mkdtempSync(path.join(tmpdir(), 'new-tool-'));
  temps.push(root);
  cpSync(path.join(repo, 'apps/web/src/tools'), path.join(root, 'apps/web/src/tools'), { recursive: true });
  cpSync(path.join(repo, 'packages/shared/src/routes.ts'), path.join(root, 'packages/shared/src/routes.ts'));
  return root;
}

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('new:tool', () => {
  it.each([
    ['jwt-decoder', 'JwtDecoder', 'jwtDecoder'],
    ['base64', 'Base64', 'base64'],
    ['a-b-c', 'ABC', 'aBC'],
  ])('names %s as %s / %s', (slug, pascal, camel) => {
    expect(pascalCase(slug)).toBe(pascal);
    expect(camelCase(slug)).toBe(camel);
  });

  it('writes the four files and registers the tool in the catalogue and the fixed routes', () => {
    const root = scratchRepo();
    const written = createTool({
      root,
      slug: 'jwt-decoder',
      title: 'JWT Decoder',
      category: 'Encoding',
      icon: 'KeyRound',
    });
    expect(written.map((file) => path.basename(file)).sort()).toEqual(
      ['JwtDecoderTool.tsx', 'index.ts', 'jwt-decoder.service.test.ts', 'jwt-decoder.service.ts'].sort(),
    );
    const definition = readFileSync(path.join(root, 'apps/web/src/tools/jwt-decoder/index.ts'), 'utf8');
    expect(definition).toContain('id: 24,');
    expect(definition).toContain("category: 'Encoding'");
    expect(definition).toContain("lazy(() => import('./JwtDecoderTool'))");
    const catalogue = readFileSync(path.join(root, 'apps/web/src/tools/index.ts'), 'utf8');
    expect(catalogue).toContain("import { jwtDecoder } from './jwt-decoder';");
    expect(catalogue).toMatch(/ {2}shortlinkManager,\n {2}jwtDecoder,\n\];/);
    expect(readFileSync(path.join(root, 'packages/shared/src/routes.ts'), 'utf8')).toMatch(
      /'shortlink-manager',\n {2}'jwt-decoder',\n\] as const;/,
    );
  });

  it.each([
    [{ slug: 'Bad Slug' }, /kebab-case/],
    [{ slug: 'base64' }, /already exists/],
    [{ slug: 'x-tool', category: 'Nope' }, /Category must be one of/],
    [{ slug: 'x-tool', icon: 'not an icon' }, /lucide-react icon name/],
  ])('refuses %j', (options, message) => {
    const root = scratchRepo();
    expect(() => createTool({ root, ...options })).toThrow(message);
    expect(existsSync(path.join(root, 'apps/web/src/tools/x-tool'))).toBe(false);
  });

  it('fails loudly when the catalogue shape is not recognised', () => {
    expect(() => addToCatalogue('export const tools = [];\n', 'x')).toThrow(/tools list/);
    expect(() => addToRoutes('export const SLUGS = [];\n', 'x')).toThrow(/TOOL_SLUGS/);
  });
});
