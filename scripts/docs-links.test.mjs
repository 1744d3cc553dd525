/**
 * The README and docs/ are read on GitHub and in an editor, so every relative link must name a file
 * that exists and every #anchor a heading of that file. Links to other sites are left alone (a test
 * must not depend on the network). A link that starts with `/` fails too: on GitHub it resolves
 * against the repository's root, not the running site, so `/api/docs` would lead nowhere; write
 * such an address as text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The README must stay something a newcomer reads in a few minutes; the rest belongs in docs/. */
const README_MAX_LINES = 150;

function markdownFiles() {
  const files = ['README.md', 'SECURITY.md'];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  return files;
}

/** The text outside fenced code blocks, line by line (a `# comment` in a shell block is no heading). */
function proseLines(markdown) {
  let fence = null;
  const lines = [];
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence === null) lines.push(line);
  }
  return lines;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingSlug(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a file; a repeated heading gets -1, -2, … as on GitHub. */
function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of inline links and images, outside code. */
function linkTargets(markdown) {
  const targets = [];
  for (const line of proseLines(markdown)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]);
  }
  return targets;
}

/** Why a link from `file` (relative to ROOT) does not resolve, or null when it does. */
function brokenLink(file, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  if (target.startsWith('/')) return 'starts with /, which GitHub resolves against the repository root';
  const [pathPart, anchor] = target.split('#', 2);
  const resolved = pathPart
    ? path.join(path.dirname(path.join(ROOT, file)), decodeURI(pathPart))
    : path.join(ROOT, file);
  if (!fs.existsSync(resolved)) return `${path.relative(ROOT, resolved)} does not exist`;
  if (anchor === undefined) return null;
  if (!resolved.endsWith('.md')) return 'an anchor into a file that is not Markdown';
  return anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor) ? null : `no heading #${anchor}`;
}

describe('headingSlug', () => {
  it.each([
    ['Outgrowing one machine', 'outgrowing-one-machine'],
    ['2. Move the data', '2-move-the-data'],
    ['Health, and when a dependency goes away', 'health-and-when-a-dependency-goes-away'],
    ['The `scale` bench', 'the-scale-bench'],
    ['Tools and features: behaviour notes', 'tools-and-features-behaviour-notes'],
    ['See [the API](api.md)', 'see-the-api'],
    ['', ''],
  ])('%j → %j', (heading, slug) => {
    expect(headingSlug(heading)).toBe(slug);
  });
});

describe('anchorsOf and linkTargets', () => {
  const sample = [
    '# Title',
    '## Limits',
    '## Limits',
    '```sh',
    '# 1. not a heading',
    'see [x](nope.md)',
    '```',
    'Read [ops](operations.md#limits), ![shot](images/home.png "Home") and `[code](ignored.md)`,',
    'or <https://example.org> and [site](https://example.org/a#b).',
  ].join('\n');

  it('finds headings outside code, numbering repeats', () => {
    expect([...anchorsOf(sample)]).toEqual(['title', 'limits', 'limits-1']);
  });

  it('finds links and images outside code', () => {
    expect(linkTargets(sample)).toEqual(['operations.md#limits', 'images/home.png', 'https://example.org/a#b']);
  });
});

describe('brokenLink', () => {
  it.each([
    ['docs/operations.md', 'scaling.md', null],
    ['docs/operations.md', '../README.md#configuration', null],
    ['README.md', 'docs/images/home.png', null],
    ['README.md', 'https://example.org/missing', null],
    ['docs/operations.md', 'missing.md', 'docs/missing.md does not exist'],
    ['docs/operations.md', 'scaling.md#no-such-heading', 'no heading #no-such-heading'],
    ['README.md', '/api/docs', 'starts with /, which GitHub resolves against the repository root'],
    ['README.md', 'docs/images/home.png#x', 'an anchor into a file that is not Markdown'],
  ])('%s → %s: %j', (file, target, reason) => {
    expect(brokenLink(file, target)).toBe(reason);
  });
});

describe('the README and docs/', () => {
  it('link only to files and headings that exist', () => {
    const files = markdownFiles();
    expect(files).toContain('docs/architecture.md');
    const broken = [];
    for (const file of files) {
      for (const target of linkTargets(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
        const reason = brokenLink(file, target);
        if (reason) broken.push(`${file}: (${target}) ${reason}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it(`keep the README under ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
