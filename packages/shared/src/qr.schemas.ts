import { parseHexColor, QR_COLOR_MESSAGE, QR_DEFAULTS, QR_ECC_LEVELS, QR_FORMATS, QR_QUIET_ZONE, QR_SIZE } from './qr';
import { oneValue, wholeNumber } from './text.schemas';
import { z } from './zod';

const formatMessage = `format must be one of ${QR_FORMATS.join(', ')}`;
const eccMessage = `ecc must be one of ${QR_ECC_LEVELS.join(', ')}`;

/** An optional enum query parameter sent once, or its default when absent. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, error: string, fallback: T[number]) =>
  z
    .enum(values, { error })
    .optional()
    .transform((value): T[number] => value ?? fallback);

/** `#rgb` or `#rrggbb`, the `#` optional (it must be sent as %23 in a URL); read as `#rrggbb`. */
const color = (name: 'fg' | 'bg', fallback: string) =>
  oneValue(name)
    .regex(/^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: `${name} ${QR_COLOR_MESSAGE}` })
    .optional()
    .transform((value) => (value === undefined ? fallback : parseHexColor(value)!))
    .meta({
      description:
        `${name === 'fg' ? 'Module' : 'Background'} colour (default ${fallback}). The foreground must be darker ` +
        'than the background, with a WCAG contrast ratio of at least 4.5:1 (else 400 QR_LOW_CONTRAST).',
    });

/**
 * `GET /api/shortlinks/{id}/qr?format=&size=&ecc=&fg=&bg=`: every parameter optional. The code
 * always has its quiet zone (four modules of background) inside `size`.
 */
export const ZShortlinkQrQuery = z.object({
  format: choice(QR_FORMATS, formatMessage, QR_DEFAULTS.format).meta({
    description: 'svg (image/svg+xml, the default) or png (image/png)',
  }),
  size: wholeNumber('size', QR_SIZE.min, QR_SIZE.max, QR_SIZE.default).meta({
    description: `Width and height in pixels, quiet zone (${QR_QUIET_ZONE} modules) included`,
  }),
  ecc: choice(QR_ECC_LEVELS, eccMessage, QR_DEFAULTS.ecc).meta({
    description: 'Error correction: L (7%), M (15%, the default), Q (25%) or H (30%)',
  }),
  fg: color('fg', QR_DEFAULTS.fg),
  bg: color('bg', QR_DEFAULTS.bg),
});
export type ShortlinkQrQuery = z.output<typeof ZShortlinkQrQuery>;
