import { z } from './zod';
import { INVALID_IP_MESSAGE, IP_ADDRESS_MAX_LENGTH } from './ip';
import { renderedAs, text } from './text.schemas';

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/**
 * An IPv4 (dotted quad, no leading zeros) or IPv6 address (no zone id),
 * trimmed. The page validates the input with it before calling the API, and
 * the API validates the route parameter with it.
 */
export const ZIpAddress = text(INVALID_IP_MESSAGE, { invalid: INVALID_IP_MESSAGE })
  .trim()
  .max(IP_ADDRESS_MAX_LENGTH, { error: INVALID_IP_MESSAGE })
  .refine((value) => ipv4.safeParse(value).success || ipv6.safeParse(value).success, { error: INVALID_IP_MESSAGE });

const ipAddressDescription =
  'An IPv4 address (dotted quad, no leading zeros) or an IPv6 address (no zone id); surrounding spaces are trimmed';

/**
 * `GET /api/ip/:ip`. The document names JSON Schema's two address formats, which agree with zod's
 * checks (an IPv6 address may end in an IPv4 one); zod's own rendering would say only "text".
 */
export const ZIpLookupParams = z.object({
  ip: ZIpAddress.meta({
    description: ipAddressDescription,
    override: renderedAs({
      type: 'string',
      maxLength: IP_ADDRESS_MAX_LENGTH,
      anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }],
      description: ipAddressDescription,
      examples: ['8.8.8.8', '2001:4860:4860::8888'],
    }),
  }),
});
export type IpLookupParams = z.infer<typeof ZIpLookupParams>;
