/**
 * Comments, strings and docs must stand on their own: a maintainer holding only this repository has to
 * understand every reason given. So nothing may cite documents that are not in it — numbered spec
 * sections ("spec 001 §5"), decision numbers of an outside list ("DECISIONS P2", "P7"), numbered style
 * habits, or issue numbers. Say the reason in words, and where a recorded decision is the reason, cite
 * its record in docs/decisions/ (which is in the repository).
 *
 * Public standards may still be cited by section ("RFC 4648 §4", "ISO/IEC 18004 §7.9").
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SELF = 'scripts/self-contained-comments.test.mjs';

const TEXT_FILE = /\.(?:[cm]?[jt]sx?|css|html|ya?ml|md|sh|sql|conf|json|txt)$/;
/** Files that are data or generated, not words of ours. */
const SKIPPED = [/^pnpm-lock\.yaml$/, /(^|\/)node_modules\//, /(^|\/)dist\//, /^apps\/web\/public\/vendor\//];
const WALK_SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git']);

/** A public standard that a section sign (§) may follow. */
const STANDARD = /\b(?:RFC|ISO(?:\/IEC)?|IEC|ECMA|ITU(?:-[RT])?|IEEE|FIPS|NIST|WCAG)\b/;

/** What cites an outside document, each with the reason shown when it is found. */
const RULES = [
  { name: 'numbered spec section', test: (line) => /\bspecs?\b\s*(?:\d|§)/i.test(line) },
  { name: 'section sign without a public standard', test: (line) => line.includes('§') && !STANDARD.test(line) },
  { name: 'outside decision list', test: (line) => /\bDECISIONS\b/.test(line) },
  { name: 'outside decision number', test: (line) => /\bP(?:1\d|[1-9])\b/.test(line) },
  { name: 'numbered style habit', test: (line) => /\bSTYLE\b|\bhabits? \d/.test(line) },
  { name: 'issue number', test: (line) => /\bissues?\s+#?\d/i.test(line) },
  { name: 'unnamed spec', test: citesUnnamedSpec },
];

/**
 * "the spec", "spec's", "spec message": a document the reader does not have. A named public one
 * ("PNG spec", "HTML spec") is fine, and so are file names such as `foo.spec.ts`.
 */
function citesUnnamedSpec(line) {
  for (const match of line.matchAll(/\bspec\b/gi)) {
    const before = line.slice(0, match.index);
    if (/\.$/.test(before) || /\.\w/.test(line.slice(match.index + 4, match.index + 6))) continue;
    if (/\b[A-Z][A-Z0-9]+(?:\/[A-Z0-9]+)? $/.test(before)) continue;
    return true;
  }
  return false;
}

/** The names of the rules a line breaks; empty when it stands on its own. */
export function outsideCitations(line) {
  return RULES.filter((rule) => rule.test(line)).map((rule) => rule.name);
}

function trackedFiles() {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    // Not a git checkout (an unpacked archive): walk the tree instead.
    const files = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!WALK_SKIPPED_DIRS.has(entry.name)) walk(rel);
        } else if (entry.isFile()) files.push(rel);
      }
    };
    walk('');
    return files;
  }
}

function scannedFiles() {
  return trackedFiles().filter((file) => {
    if (file === SELF || SKIPPED.some((rule) => rule.test(file))) return false;
    return TEXT_FILE.test(file) || !path.basename(file).includes('.');
  });
}

describe('outsideCitations', () => {
  it.each([
    ['/** Spec 000 §9: quality slider 10 to 100. */', 'numbered spec section'],
    ['// (spec 001 §5, §8)', 'numbered spec section'],
    ["it('follows spec §4 and §9', () => {", 'numbered spec section'],
    ['* the minimum height of §9 (200 px)', 'section sign without a public standard'],
    ['/** Body limits (DECISIONS P2). */', 'outside decision list'],
    ['// as P7 asks', 'outside decision number'],
    ['* wrapped (STYLE habit 5).', 'numbered style habit'],
    ['// Issue 7: the audit is clean.', 'issue number'],
    ["/** Issue 4's goals. */", 'issue number'],
    ["// with the spec's band", 'unnamed spec'],
    ["it('refuses a non-image with the spec message', () => {", 'unnamed spec'],
  ])('flags %j', (line, rule) => {
    expect(outsideCitations(line)).toContain(rule);
  });

  it.each([
    "/** Standard Base64 (RFC 4648 §4) of the text's UTF-8 bytes. */",
    '/** ISO/IEC 18004 §6.3.8: a light border four modules wide. */',
    '* A minimal PNG encoder for 8-bit greyscale images (PNG spec, ISO/IEC 15948):',
    'const STRENGTH_STYLES: Record<Strength, string> = {',
    '/** Brute force fails (docs/decisions/0002-server-enforces-rules.md). */',
    "import { helper } from './helper.spec.ts';",
    "['WIFI:S:Cafe;T:WPA;P:p@ss.word;;', 'Email'],",
    '/** Messages of the blog area, verbatim as designed (docs/decisions/0011-original-design.md). */',
  ])('lets %j pass', (line) => {
    expect(outsideCitations(line)).toEqual([]);
  });
});

describe('the repository', () => {
  it('cites no document outside it in comments, strings or docs', () => {
    const files = scannedFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = [];
    for (const file of files) {
      // A file deleted in the work tree but still in git's index, or a submodule, has nothing to read.
      if (!fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile()) continue;
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      if (text.includes('\0')) continue;
      text.split('\n').forEach((line, index) => {
        const rules = outsideCitations(line);
        if (rules.length > 0) found.push(`${file}:${index + 1}: ${rules.join(', ')}: ${line.trim()}`);
      });
    }
    expect(found, 'Say the reason in words, or cite docs/decisions/NNNN-*.md').toEqual([]);
  });
});
