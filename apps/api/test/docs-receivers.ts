import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The webhook receivers docs/api.md gives, taken from the page as written ("Verifying a signature"),
 * so the tests check what a reader would copy and not a copy of our own.
 */
const API_MD = path.resolve(import.meta.dirname, '../../../docs/api.md');

export function docsSnippet(language: 'js' | 'python'): string {
  const text = fs.readFileSync(API_MD, 'utf8');
  const section = text.slice(text.indexOf('### Verifying a signature'));
  const block = new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```').exec(section);
  if (!block) throw new Error(`docs/api.md has no ${language} block under "Verifying a signature"`);
  return block[1]!;
}

export interface SignedCase {
  secret: string;
  body: string;
  header: string;
  /** Unix milliseconds. */
  now: number;
}

/**
 * Runs the page's snippet, whole (its own examples print first), then asks its function about each
 * case; one line of output per print, `true`/`false` in Node's spelling. Python 3 is there wherever
 * the install worked: better-sqlite3 is compiled by node-gyp, which runs on it.
 */
export function runDocsReceiver(language: 'js' | 'python', cases: readonly SignedCase[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-docs-receiver-'));
  try {
    const input = JSON.stringify(cases);
    let file: string;
    let command: string;
    if (language === 'js') {
      file = path.join(dir, 'receiver.mjs');
      fs.writeFileSync(
        file,
        `${docsSnippet('js')}\nfor (const c of JSON.parse(process.env.CASES)) console.log(verifyToolvault(c.secret, c.body, c.header, c.now));\n`,
      );
      command = process.execPath;
    } else {
      file = path.join(dir, 'receiver.py');
      fs.writeFileSync(
        file,
        `${docsSnippet('python')}\nimport json, os\nfor c in json.loads(os.environ["CASES"]):\n    print(verify_toolvault(c["secret"], c["body"].encode(), c["header"], now=c["now"] / 1000))\n`,
      );
      command = 'python3';
    }
    const run = spawnSync(command, [file], { env: { ...process.env, CASES: input }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${language} receiver failed: ${run.stderr || run.error}`);
    return run.stdout
      .trim()
      .split('\n')
      .map((line) => line.trim().toLowerCase());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
