/**
 * The team's API bodies (docs/decisions/0015-team-accounts.md): the signed-in person's account;
 * their sessions and keys, the people and invitations of the team, and the audit log are added
 * beside it. Kept apart from the zod schemas so the pages that show them load no zod.
 */
import type { Permission, Reach, Role } from './roles';

/** `GET /api/account`: who is signed in and what their role lets them do. */
export interface Account {
  id: number;
  login: string;
  displayName: string;
  role: Role;
  /** Every permission the role holds, and how far (the pages show only what is allowed). */
  grants: Partial<Record<Permission, Reach>>;
}
