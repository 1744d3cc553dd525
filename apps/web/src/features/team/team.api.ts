import { ENDPOINTS } from '@toolvault/shared';
import type { AcceptInvitation, InvitationInputBody, PersonUpdate } from '@toolvault/shared/schemas';
import { callApi } from '../../lib/api';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * The Team page's and the invitation page's calls, each answering an ApiResult; a 401 is left to the
 * caller. The session token is passed in, read when the call is made.
 */
export const teamApi = {
  account: (token: string | null, signal?: AbortSignal) =>
    callApi(ENDPOINTS.accountMe, { token, ...withSignal(signal) }),
  people: (token: string | null, signal?: AbortSignal) => callApi(ENDPOINTS.teamList, { token, ...withSignal(signal) }),
  updatePerson: (token: string | null, id: number, body: PersonUpdate) =>
    callApi(ENDPOINTS.teamUpdatePerson, { params: { id }, body, token }),
  transferOwnership: (token: string | null, userId: number) =>
    callApi(ENDPOINTS.teamTransferOwnership, { body: { userId }, token }),
  invitations: (token: string | null, signal?: AbortSignal) =>
    callApi(ENDPOINTS.invitationList, { token, ...withSignal(signal) }),
  createInvitation: (token: string | null, body: InvitationInputBody) =>
    callApi(ENDPOINTS.invitationCreate, { body, token }),
  revokeInvitation: (token: string | null, id: number) =>
    callApi(ENDPOINTS.invitationRevoke, { params: { id }, token }),

  /** The invitee's side: the link's token is their only credential. */
  readInvitation: (inviteToken: string, signal?: AbortSignal) =>
    callApi(ENDPOINTS.invitationRead, { params: { token: inviteToken }, ...withSignal(signal) }),
  acceptInvitation: (inviteToken: string, body: AcceptInvitation) =>
    callApi(ENDPOINTS.invitationAccept, { params: { token: inviteToken }, body }),
};

/** Query keys of the team's data, from one place so mutations invalidate exactly what they change. */
export const teamKeys = {
  account: ['account'] as const,
  all: ['team'] as const,
  people: ['team', 'people'] as const,
  invitations: ['team', 'invitations'] as const,
  invitation: (inviteToken: string) => ['invitation', inviteToken] as const,
};
