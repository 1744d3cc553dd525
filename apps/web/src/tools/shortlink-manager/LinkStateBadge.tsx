import { isAllowedShortCode, type Shortlink } from '@toolvault/shared';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { serverNow } from '../../lib/server-clock';
import { inactiveBadge } from './link-rules.service';

/**
 * "Expired", "Scheduled" or "Limit reached" for a link inactive at `now`, by default the server's
 * time (lib/server-clock.ts) when the row was first drawn; nothing for an active one.
 */
export function LinkStateBadge({ link, now }: { link: Shortlink; now?: Date | number }) {
  // The time the row was first drawn: a re-render of the list shows the same badges. The server's
  // clock, by which it answers the link's visitors and filters the list, not this device's.
  const [shownAt] = useState(serverNow);
  const badge = inactiveBadge(link, now ?? shownAt);
  if (badge === null) return null;
  return (
    <Badge tone={badge.reason === 'scheduled' ? 'sky' : 'amber'}>
      <span className="sr-only">Inactive: </span>
      {badge.label}
    </Badge>
  );
}

/**
 * For a link whose code a page of the site took after the link was made (a new tool or page with the
 * same address): the page wins, so visitors never reach the link until its code is changed. New
 * codes can never be such words; links kept from before can.
 */
export function CodeTakenBadge({ shortCode }: { shortCode: string }) {
  if (isAllowedShortCode(shortCode)) return null;
  return (
    <span title="A page of this site has the same address, so visitors reach the page: give the link another code.">
      <Badge tone="red">
        <span className="sr-only">Unreachable: </span>
        Code taken by a page
      </Badge>
    </span>
  );
}
