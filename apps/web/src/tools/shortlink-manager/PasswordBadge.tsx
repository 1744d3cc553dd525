import { Lock } from 'lucide-react';
import { Badge } from '../../components/Badge';

/** A link that asks visitors for a password first. */
export function PasswordBadge({ hasPassword }: { hasPassword: boolean | undefined }) {
  if (!hasPassword) return null;
  return (
    <Badge tone="amber">
      <Lock aria-hidden="true" className="size-3" />
      Password
    </Badge>
  );
}
