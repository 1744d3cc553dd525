/** What the Create/Edit form does with a link's password (the form never holds the current one). */
export type LinkPasswordAction = 'keep' | 'set' | 'remove';

/**
 * The form's password choice as the API's write-only `password` field: keep sends nothing (the
 * server keeps what it has), set sends the new password, remove sends null.
 */
export function passwordField(action: LinkPasswordAction, password: string): { password?: string | null } {
  if (action === 'set') return { password };
  if (action === 'remove') return { password: null };
  return {};
}

/** The choices of the form's Password select: a link without one can get one; a link with one can keep, change or lose it. */
export function passwordChoices(hadPassword: boolean): readonly { value: LinkPasswordAction; label: string }[] {
  return hadPassword
    ? [
        { value: 'keep', label: 'Keep the current password' },
        { value: 'set', label: 'Change the password' },
        { value: 'remove', label: 'Remove the password' },
      ]
    : [
        { value: 'keep', label: 'No password' },
        { value: 'set', label: 'Require a password' },
      ];
}
