import { generateShortCode, type RandomIndex, type Shortlink, type ShortlinkImportRow } from '@toolvault/shared';
import type { NewShortlink, ShortlinksRepo } from '../db/shortlinks.repo';
import { timeSlices, yieldToEventLoop } from '../event-loop';

/** Generated codes that collide are redrawn; 62^6 codes make more than a few draws a bug. */
const MAX_CODE_ATTEMPTS = 20;
/** Codes looked up per query while an import checks which are taken: a few milliseconds each. */
const IMPORT_SLICE = 200;
/** The longest an import checks rows or draws codes before it lets other requests run. */
export const IMPORT_SLICE_MS = 5;

/** Short codes drawn for new links and imports, and the check of which codes are taken. */
export function createCodeDrawer(shortlinks: ShortlinksRepo, randomIndex: RandomIndex) {
  const drawCode = () => generateShortCode(randomIndex);

  /** Inserts with a generated code, drawing again on a collision. */
  const insertGenerated = async (link: Omit<NewShortlink, 'shortCode'>): Promise<Shortlink> => {
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      const created = await shortlinks.insert({ ...link, shortCode: drawCode() });
      if (created) return created;
    }
    throw new Error(`No free short code after ${MAX_CODE_ATTEMPTS} attempts`);
  };

  /**
   * Which of these codes are stored, IMPORT_SLICE at a time with a turn of the event loop between:
   * on SQLite each lookup runs synchronously, and 10,000 of them in a row held every other request
   * for tens of milliseconds.
   */
  const takenCodes = async (codes: readonly string[]): Promise<Set<string>> => {
    const taken = new Set<string>();
    for (let start = 0; start < codes.length; start += IMPORT_SLICE) {
      if (start > 0) await yieldToEventLoop();
      for (const code of await shortlinks.existingCodes(codes.slice(start, start + IMPORT_SLICE))) taken.add(code);
    }
    return taken;
  };

  /** The rows' codes: the supplied one, else a drawn one that no other row and no stored link has. */
  const generateCodes = async (inputs: readonly ShortlinkImportRow[], used: Set<string>): Promise<string[]> => {
    const codes = inputs.map((input) => input.shortCode);
    const slice = timeSlices(IMPORT_SLICE_MS);
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      const drawn: number[] = [];
      for (const [index, code] of codes.entries()) {
        if (code !== undefined) continue;
        await slice();
        let next = drawCode();
        while (used.has(next)) next = drawCode();
        used.add(next);
        codes[index] = next;
        drawn.push(index);
      }
      const taken = await takenCodes(drawn.map((index) => codes[index]!));
      if (taken.size === 0) return codes as string[];
      // Taken codes stay in `used`, so they are not drawn again.
      for (const index of drawn) if (taken.has(codes[index]!)) codes[index] = undefined;
    }
    throw new Error(`No free short codes after ${MAX_CODE_ATTEMPTS} attempts`);
  };

  return { insertGenerated, takenCodes, generateCodes };
}
