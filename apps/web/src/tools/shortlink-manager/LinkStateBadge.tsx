import type { Shortlink } from '@toolvault/shared';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { inactiveBadge } from './link-rules.service';

/** "Expired", "Scheduled" or "Limit reached" for a link inactive at `now`; nothing for an active one. */
export function LinkStateBadge({ link, now }: { link: Shortlink; now?: Date | number }) {
  // The time the row was first drawn: a re-render of the list shows the same badges.
  const [shownAt] = useState(() => Date.now());
  const badge = inactiveBadge(link, now ?? shownAt);
  if (badge === null) return null;
  return (
    <Badge tone={badge.reason === 'scheduled' ? 'sky' : 'amber'}>
      <span className="sr-only">Inactive: </span>
      {badge.label}
    </Badge>
  );
}
