/**
 * One ZIP of a batch's results (fflate). Images are already compressed, so
 * entries are stored, not deflated: deflating JPEG or PNG costs time and
 * saves nearly nothing. Imported by the zip worker only, so fflate stays out
 * of every screen's chunk.
 */
import { zipSync } from 'fflate';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

/**
 * Entry names as a file manager would write them: no folders (a "/" or "\"
 * in a name could place a file outside the folder it is unpacked into), and
 * repeated names numbered: "photo.jpg", "photo (2).jpg", "photo (3).jpg".
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(/[/\\]/g, '_').replace(/^\.+$/, '_') || 'image';
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** A ZIP holding `entries` in order, stored, with unique names. */
export function buildZip(entries: readonly ZipEntry[], modified = new Date()): Uint8Array {
  const names = uniqueNames(entries.map((entry) => entry.name));
  const files: Record<string, [Uint8Array, { level: 0; mtime: Date }]> = {};
  entries.forEach((entry, index) => {
    files[names[index]!] = [entry.bytes, { level: 0, mtime: modified }];
  });
  return zipSync(files);
}
