import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { addToCatalogue, createTool, nextId, pascalCase } from './new-tool.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const CATALOGUE = 'packages/shared/src/tool-catalogue.ts';
const temps = [];

/** A scratch copy of just the files the generator reads and edits. */
function scratchRepo() {
  const root = mkdtempSync(path.join(tmpdir(), 'new-tool-'));
  temps.push(root);
  cpSync(path.join(repo, 'apps/web/src/tools'), path.join(root, 'apps/web/src/tools'), { recursive: true });
  cpSync(path.join(repo, CATALOGUE), path.join(root, CATALOGUE));
  return root;
}

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('new:tool', () => {
  it.each([
    ['jwt-decoder', 'JwtDecoder'],
    ['base64', 'Base64'],
    ['a-b-c', 'ABC'],
  ])('names %s as %s', (slug, pascal) => {
    expect(pascalCase(slug)).toBe(pascal);
  });

  it('appends the tool to the shared catalogue and writes its folder, index.ts giving only the web parts', async () => {
    const root = scratchRepo();
    const before = readFileSync(path.join(root, CATALOGUE), 'utf8');
    const written = createTool({
      root,
      slug: 'jwt-decoder',
      title: "JWT Decoder (RFC 7519's tokens)",
      category: 'Encoding',
      icon: 'KeyRound',
    });
    expect(written.map((file) => path.basename(file)).sort()).toEqual(
      ['JwtDecoderTool.tsx', 'index.ts', 'jwt-decoder.service.test.ts', 'jwt-decoder.service.ts'].sort(),
    );
    const definition = readFileSync(path.join(root, 'apps/web/src/tools/jwt-decoder/index.ts'), 'utf8');
    expect(definition).toContain("export default defineTool({\n  slug: 'jwt-decoder',\n  icon: KeyRound,\n");
    expect(definition).toContain("lazy(() => import('./JwtDecoderTool'))");
    expect(definition).not.toMatch(/\b(?:id|title|category|keywords):/);

    // The edited catalogue is read back as the module it is: the old entries unchanged, the new one last.
    const { TOOL_CATALOGUE: old } = await import(pathToFileURL(path.join(repo, CATALOGUE)).href);
    const { TOOL_CATALOGUE: updated } = await import(pathToFileURL(path.join(root, CATALOGUE)).href);
    expect(updated.slice(0, -1)).toEqual(old);
    expect(updated.at(-1)).toEqual({
      id: nextId(before),
      slug: 'jwt-decoder',
      title: "JWT Decoder (RFC 7519's tokens)",
      description: "Describe what JWT Decoder (RFC 7519's tokens) does in one sentence.",
      category: 'Encoding',
      keywords: ['jwt', 'decoder'],
    });
    expect(nextId(before)).toBe(Math.max(...old.map((entry) => entry.id)) + 1);
  });

  it.each([
    [{ slug: 'Bad Slug' }, /kebab-case/],
    [{ slug: 'base64' }, /already exists/],
    [{ slug: 'x-tool', category: 'Nope' }, /Category must be one of/],
    [{ slug: 'x-tool', icon: 'not an icon' }, /lucide-react icon name/],
  ])('refuses %j', (options, message) => {
    const root = scratchRepo();
    const before = readFileSync(path.join(root, CATALOGUE), 'utf8');
    expect(() => createTool({ root, ...options })).toThrow(message);
    expect(existsSync(path.join(root, 'apps/web/src/tools/x-tool'))).toBe(false);
    expect(readFileSync(path.join(root, CATALOGUE), 'utf8')).toBe(before);
  });

  it('refuses a slug the catalogue already lists even without its folder', () => {
    const root = scratchRepo();
    rmSync(path.join(root, 'apps/web/src/tools/base64'), { recursive: true });
    expect(() => createTool({ root, slug: 'base64' })).toThrow(/already in the tool catalogue/);
    expect(existsSync(path.join(root, 'apps/web/src/tools/base64'))).toBe(false);
  });

  it('fails loudly when the catalogue shape is not recognised', () => {
    expect(() => addToCatalogue('export const TOOLS = [];\n', '  {},\n')).toThrow(/TOOL_CATALOGUE/);
  });
});
