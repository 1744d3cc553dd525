import { ROLE_LABELS, type Account, type Person, type Role } from '@toolvault/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ui } from '../../components/ui';
import { fromApi, unlessUnauthorized } from '../../lib/query';
import { getAdminToken } from '../auth/admin-session';
import { teamApi, teamKeys } from './team.api';
import { canChange, canTakeOwnership, roleChoices } from './team.service';
import { LoadFailed } from './LoadFailed';
import { TeamTable } from './TeamTable';
import { useTeamQuery } from './use-team-query';

/** A change the signed-in person asked for, waiting for their confirmation. */
type PendingChange =
  | { kind: 'role'; person: Person; role: Role }
  | { kind: 'disable' | 'enable'; person: Person }
  | { kind: 'owner'; person: Person };

const HEADING_ID = 'team-people-heading';

/** The people of the team; roles and disabling for those who manage it, the hand-over for the Owner. */
export function PeopleSection({ account, onExpired }: { account: Account; onExpired: () => void }) {
  const queryClient = useQueryClient();
  const people = useTeamQuery(teamKeys.people, teamApi.people, onExpired);

  const [pending, setPending] = useState<PendingChange | null>(null);
  const manages = account.grants['team:manage'] !== undefined;
  const owns = account.role === 'owner';

  const change = useMutation({
    mutationFn: (next: PendingChange) =>
      next.kind === 'owner'
        ? fromApi(teamApi.transferOwnership(getAdminToken(), next.person.id))
        : fromApi(
            teamApi.updatePerson(
              getAdminToken(),
              next.person.id,
              next.kind === 'role' ? { role: next.role } : { disabled: next.kind === 'disable' },
            ),
          ),
    onSettled: async (_answer, error, next) => {
      if (error?.status === 401) return;
      await queryClient.invalidateQueries({ queryKey: teamKeys.people });
      // Handing ownership over changes the signed-in person's own role.
      if (next.kind === 'owner') await queryClient.invalidateQueries({ queryKey: teamKeys.account });
    },
  });

  const confirm = () => {
    if (!pending) return;
    const next = pending;
    change.mutate(next, {
      onSuccess: () => toast.success(DONE[next.kind], { description: next.person.displayName }),
      onError: unlessUnauthorized(onExpired, (error) =>
        toast.error('The change was refused', { description: error.message }),
      ),
      onSettled: () => setPending(null),
    });
  };

  return (
    <section aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} tabIndex={-1} className={`${ui.subheading} mb-3`}>
        People
      </h2>
      {people.isPending ? (
        <p role="status" className={ui.muted}>
          Loading the team…
        </p>
      ) : people.isError ? (
        <LoadFailed what="the team" message={people.error.message} onRetry={() => void people.refetch()} />
      ) : people.data.people.length === 0 ? (
        <p className={ui.muted}>Nobody is on the team yet.</p>
      ) : (
        <TeamTable caption="The people of the team, oldest first" columns={['Person', 'Role', 'Status']}>
          {people.data.people.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              isMe={person.id === account.id}
              editable={manages && canChange(person, account)}
              roles={roleChoices(account.role)}
              mayHandOver={owns && canTakeOwnership(person)}
              busy={change.isPending}
              onAsk={setPending}
            />
          ))}
        </TeamTable>
      )}
      {pending ? (
        pending.kind === 'owner' ? (
          <OwnershipDialog
            person={pending.person}
            busy={change.isPending}
            onCancel={() => setPending(null)}
            onConfirm={confirm}
          />
        ) : (
          <ConfirmDialog
            title={TITLES[pending.kind]}
            confirmLabel={change.isPending ? 'Saving…' : CONFIRM_LABELS[pending.kind]}
            busy={change.isPending}
            fallbackFocusId={HEADING_ID}
            onCancel={() => setPending(null)}
            onConfirm={confirm}
          >
            <p className="[overflow-wrap:anywhere]">{describe(pending)}</p>
          </ConfirmDialog>
        )
      ) : null}
    </section>
  );
}

const TITLES = { role: 'Change this role?', disable: 'Disable this person?', enable: 'Enable this person?' } as const;
const CONFIRM_LABELS = { role: 'Change role', disable: 'Disable', enable: 'Enable' } as const;
const DONE = {
  role: 'Role changed',
  disable: 'Person disabled',
  enable: 'Person enabled',
  owner: 'Ownership handed over',
};

function describe(change: Exclude<PendingChange, { kind: 'owner' }>): string {
  const name = change.person.displayName;
  if (change.kind === 'role') {
    return `${name} becomes ${ROLE_LABELS[change.role]} (now ${ROLE_LABELS[change.person.role]}); it counts from their next request.`;
  }
  return change.kind === 'disable'
    ? `${name} is signed out everywhere at once, cannot sign in, and their API keys stop working. What they made stays.`
    : `${name} may sign in again. Their API keys work again; their old sessions stay ended.`;
}

interface PersonRowProps {
  person: Person;
  isMe: boolean;
  /** The signed-in person may change this one's role and disable them. */
  editable: boolean;
  roles: ReturnType<typeof roleChoices>;
  /** The signed-in Owner may hand ownership to this one. */
  mayHandOver: boolean;
  busy: boolean;
  onAsk: (change: PendingChange) => void;
}

function PersonRow({ person, isMe, editable, roles, mayHandOver, busy, onAsk }: PersonRowProps) {
  const selectId = `team-role-${person.id}`;
  return (
    <tr className="align-middle">
      <td className="px-4 py-3">
        <div className="font-medium text-slate-900 [overflow-wrap:anywhere] dark:text-white">
          {person.displayName}
          {isMe ? <span className={`ml-2 ${ui.muted}`}>(you)</span> : null}
        </div>
        <div className={`${ui.muted} [overflow-wrap:anywhere]`}>{person.login}</div>
      </td>
      <td className="px-4 py-3">
        {person.role === 'owner' ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-slate-900 dark:text-white">
            <Crown aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
            Owner
          </span>
        ) : editable ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              Role of {person.displayName}
            </label>
            <select
              id={selectId}
              className={`${ui.input} w-auto`}
              value={person.role}
              disabled={busy}
              onChange={(event) => {
                const role = roles.find((choice) => choice.value === event.target.value)?.value;
                if (role && role !== person.role) onAsk({ kind: 'role', person, role });
              }}
            >
              {roles.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </>
        ) : (
          ROLE_LABELS[person.role]
        )}
      </td>
      <td className="px-4 py-3">
        {person.disabled ? <Badge tone="red">Disabled</Badge> : <Badge tone="emerald">Active</Badge>}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          {editable && !isMe ? (
            <button
              type="button"
              className={ui.buttonSecondary}
              disabled={busy}
              onClick={() => onAsk({ kind: person.disabled ? 'enable' : 'disable', person })}
            >
              {person.disabled ? 'Enable' : 'Disable'} <span className="sr-only">{person.displayName}</span>
            </button>
          ) : null}
          {mayHandOver ? (
            <button
              type="button"
              className={ui.buttonSecondary}
              disabled={busy}
              onClick={() => onAsk({ kind: 'owner', person })}
            >
              Make Owner <span className="sr-only">{person.displayName}</span>
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * Handing ownership over cannot be undone by the one who does it: the dialog asks for the new
 * Owner's login, typed out, before it goes.
 */
function OwnershipDialog({
  person,
  busy,
  onCancel,
  onConfirm,
}: {
  person: Person;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `team-owner-confirm-${person.id}`;
  return (
    <ConfirmDialog
      title="Hand ownership over?"
      confirmLabel={busy ? 'Handing over…' : 'Make Owner'}
      busy={busy}
      fallbackFocusId={HEADING_ID}
      onCancel={onCancel}
      onConfirm={() => {
        if (typed.trim().toLowerCase() !== person.login) {
          setProblem(`Type ${person.login} to confirm.`);
          return;
        }
        onConfirm();
      }}
    >
      <p className="[overflow-wrap:anywhere]">
        {person.displayName} becomes the Owner and you become an Administrator. Only the new Owner can hand it back.
      </p>
      <label htmlFor={inputId} className={`${ui.label} mt-4`}>
        Type <strong className="[overflow-wrap:anywhere]">{person.login}</strong> to confirm
      </label>
      <input
        id={inputId}
        className={ui.input}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-error` : undefined}
        onChange={(event) => {
          setTyped(event.target.value);
          setProblem(null);
        }}
      />
      {problem ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
