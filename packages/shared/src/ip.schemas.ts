import { z } from './zod';
import { INVALID_IP_MESSAGE, IP_ADDRESS_MAX_LENGTH } from './ip';
import { text } from './text.schemas';

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

/** `GET /api/ip/:ip` */
export const ZIpLookupParams = z.object({ ip: ZIpAddress });
export type IpLookupParams = z.infer<typeof ZIpLookupParams>;
