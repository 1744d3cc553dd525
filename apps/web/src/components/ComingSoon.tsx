import { Construction } from 'lucide-react';
import { Card } from './Page';

/** Placeholder body for a tool whose screen has not been built yet. */
export function ComingSoon() {
  return (
    <Card className="flex items-center gap-3">
      <Construction aria-hidden="true" className="size-6 shrink-0 text-amber-600 dark:text-amber-400" />
      <p className="text-slate-700 dark:text-slate-300">This tool is coming soon. Check back shortly.</p>
    </Card>
  );
}
