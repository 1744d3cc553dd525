/** Small pure helpers shared by the image tools. */

/** Image tools accept only files whose type starts with image/. */
export const INVALID_IMAGE_MESSAGE = 'Please select a valid image file';
/** The upload hint (text only; no size check is enforced). */
export const UPLOAD_HINT = 'PNG, JPG, WEBP up to 10MB';

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/** "1.5 KB", "2.31 MB" — binary units, as file managers show them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/**
 * Size change in percent, one decimal: positive
 * when the new file is smaller ("reduction"), negative when it grew.
 */
export function sizeReduction(originalBytes: number, newBytes: number): number {
  if (originalBytes <= 0) return 0;
  return Math.round(((originalBytes - newBytes) / originalBytes) * 1000) / 10;
}

/** `rotated_` + the original name with its extension swapped: "photo.jpeg" → "rotated_photo.png". */
export function outputFileName(prefix: string, originalName: string, extension: string): string {
  const base = originalName.replace(/\.[^./\\]+$/, '') || 'image';
  return `${prefix}${base}.${extension}`;
}
