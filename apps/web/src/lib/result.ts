/** What a user can get wrong is a value, not an exception (a throw means a bug; see docs/decisions/0012-code-habits.md). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(error: string): Result<T> => ({ ok: false, error });
