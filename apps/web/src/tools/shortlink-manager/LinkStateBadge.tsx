import type { Shortlink } from '@toolvault/shared';
import { Badge } from '../../components/Badge';
import { inactiveBadge } from './link-rules.service';

/** "Expired", "Scheduled" or "Limit reached" for a link inactive at `now`; nothing for an active one. */
export function LinkStateBadge({ link, now = Date.now() }: { link: Shortlink; now?: Date | number }) {
  const badge = inactiveBadge(link, now);
  if (badge === null) return null;
  return (
    <Badge tone={badge.reason === 'scheduled' ? 'sky' : 'amber'}>
      <span className="sr-only">Inactive: </span>
      {badge.label}
    </Badge>
  );
}
