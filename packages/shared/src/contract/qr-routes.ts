/**
 * A QR code per short link: the manager's dialog and scripts (a key with links:read) download it as
 * SVG or PNG. It encodes the link's short URL with `?qr=1`, so scans can be told from other visits.
 */
import { ENDPOINTS } from '../endpoints';
import { QR_CONTENT_TYPES, QR_MIN_CONTRAST, QR_QUIET_ZONE, QR_SIZE } from '../qr';
import { ZShortlinkQrQuery } from '../qr.schemas';
import { ZShortlinkIdParams } from '../shortlinks.schemas';
import { ZBinary } from './responses';
import { route } from './route';

export const QR_API = {
  shortlinkQr: route({
    ...ENDPOINTS.shortlinkQr,
    tag: 'Shortlinks',
    summary: "A link's QR code, as SVG or PNG",
    description:
      "The code holds the link's short URL (the site's PUBLIC_URL, the code, then `?qr=1`), drawn with a " +
      `quiet zone of ${QR_QUIET_ZONE} modules inside the size asked for. An Author gets the codes of their own ` +
      'links only (403 FORBIDDEN for another’s).',
    auth: 'admin',
    permission: { permission: 'links:read', reach: 'own' },
    params: ZShortlinkIdParams,
    query: ZShortlinkQrQuery,
    response: {
      status: 200,
      description: 'The image (Content-Disposition: inline, with a file name); never stored by a shared cache',
      schema: ZBinary,
      contentType: [QR_CONTENT_TYPES.svg, QR_CONTENT_TYPES.png],
    },
    errors: ['SHORTLINK_NOT_FOUND', 'QR_LOW_CONTRAST', 'QR_SIZE_TOO_SMALL'],
    limits: [
      `size from ${QR_SIZE.min} to ${QR_SIZE.max} pixels (${QR_SIZE.default} by default)`,
      `Colours: foreground darker than background, contrast at least ${QR_MIN_CONTRAST}:1 (WCAG)`,
    ],
  }),
};
