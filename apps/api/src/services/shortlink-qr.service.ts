import { checkQrColors, qrCodeUrl, QR_CONTENT_TYPES, SHORT_CODE_PATTERN, type QrOptions } from '@toolvault/shared';
import type { ShortlinksRepo } from '../db/shortlinks.repo';
import { ok } from '../lib/result';
import { qrPng, qrSvg, qrSymbol, rasterOf, sideModules } from './qr-image';

/** Refusal of an Author asking for the code of another person's link: it says what the rule is. */
export const NOT_YOUR_QR = 'You can get the QR code of only the links you created.';

export interface QrFile {
  body: Buffer;
  contentType: string;
  /** `<code>-qr.svg`; `shortlink-qr.svg` for a stored code outside the pattern, which a header must not carry. */
  fileName: string;
}

/** What a caller can get wrong; the route answers the code of the same name, with `message` when given. */
export interface QrFailure {
  code: 'SHORTLINK_NOT_FOUND' | 'FORBIDDEN' | 'QR_LOW_CONTRAST' | 'QR_SIZE_TOO_SMALL';
  message?: string;
}

export type QrResult = { ok: true; value: QrFile } | { ok: false; error: QrFailure };

const refuse = (error: QrFailure): QrResult => ({ ok: false, error });

export interface ShortlinkQrService {
  /**
   * The QR code of link `id`, holding its short URL with `?qr=1`. With `ownedBy` (a caller whose
   * reach is `own`), another person's link is refused before anything of it is drawn.
   */
  qr(id: number, options: QrOptions, ownedBy?: number): Promise<QrResult>;
}

export interface ShortlinkQrDeps {
  shortlinks: Pick<ShortlinksRepo, 'findById'>;
  /** The site's public origin (PUBLIC_URL): the address people scan, never the request's Host. */
  origin: string;
}

export function createShortlinkQrService({ shortlinks, origin }: ShortlinkQrDeps): ShortlinkQrService {
  return {
    async qr(id, { format, size, ecc, fg, bg }, ownedBy) {
      const colors = checkQrColors(fg, bg);
      if (!colors.ok) return refuse({ code: 'QR_LOW_CONTRAST', message: colors.message });
      const link = await shortlinks.findById(id);
      if (!link) return refuse({ code: 'SHORTLINK_NOT_FOUND' });
      if (ownedBy !== undefined && link.createdBy?.id !== ownedBy)
        return refuse({ code: 'FORBIDDEN', message: NOT_YOUR_QR });
      const symbol = qrSymbol(qrCodeUrl(origin, link.shortCode), ecc);
      const raster = rasterOf(symbol, size);
      if (!raster) {
        const side = sideModules(symbol);
        return refuse({
          code: 'QR_SIZE_TOO_SMALL',
          message: `This code is ${side} modules wide with its quiet zone, more than ${size} pixels: choose a size of at least ${side}, or a lower error correction.`,
        });
      }
      const body =
        format === 'png'
          ? await qrPng(symbol, size, raster, { fg, bg })
          : Buffer.from(qrSvg(symbol, size, raster, { fg, bg }), 'utf8');
      const name = SHORT_CODE_PATTERN.test(link.shortCode) ? link.shortCode : 'shortlink';
      return ok({ body, contentType: QR_CONTENT_TYPES[format], fileName: `${name}-qr.${format}` });
    },
  };
}
