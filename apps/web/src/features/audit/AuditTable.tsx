import type { AuditEvent } from '@toolvault/shared';
import { ui } from '../../components/ui';
import { actionLabel, actorText, formatEventTime, targetText } from './audit.service';

const cell = 'px-3 py-2 align-top';

/** The events as a table, newest first: time, who, action, target, fields changed, address. */
export function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Audit events, newest first</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {['Time', 'Who', 'Action', 'Target', 'Fields', 'Address'].map((heading) => (
              <th key={heading} scope="col" className={`${cell} font-semibold`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
          {events.map((event) => (
            <tr key={event.id}>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={event.at}>{formatEventTime(event.at)}</time>
              </td>
              <td className={`${cell} break-words`}>
                {actorText(event)}
                {event.actor.id !== null ? <span className={`block ${ui.muted}`}>person {event.actor.id}</span> : null}
              </td>
              <td className={cell}>
                {actionLabel(event.action)}
                <code className={`block ${ui.muted}`}>{event.action}</code>
              </td>
              <td className={`${cell} break-all`}>{targetText(event)}</td>
              <td className={`${cell} break-words`}>{event.fields.length > 0 ? event.fields.join(', ') : '—'}</td>
              <td className={`${cell} break-all`}>{event.ip || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
