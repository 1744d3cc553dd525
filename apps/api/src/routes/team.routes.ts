import type { Request, RequestHandler, Response } from 'express';
import { API } from '@toolvault/shared/contract';
import type { AcceptInvitation, InvitationInput, OwnershipTransfer, PersonUpdate } from '@toolvault/shared/schemas';
import { auditActorOf, requiredActor } from '../http/auth';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { LimiterDeps } from '../http/rate-limit';
import type { AdminAuthService } from '../services/admin-auth.service';
import type { AuditService } from '../services/audit.service';
import type { InvitationsService } from '../services/invitations.service';
import type { TeamService } from '../services/team.service';

type IdParams = { id: number };
type TokenParams = { token: string };

/** The team's people, ownership and invitations, for those whose role allows (the contract says which). */
export function teamRouter({
  team,
  invitations,
  audit,
  requireAdmin,
}: {
  team: TeamService;
  invitations: InvitationsService;
  audit: AuditService;
  requireAdmin: RequestHandler;
}): ContractRouter {
  const list = async (_req: Request, res: Response) => {
    res.json({ people: await team.list() });
  };

  const update = async (req: Request<IdParams, unknown, PersonUpdate>, res: Response) => {
    const result = await team.update(requiredActor(res), req.params.id, req.body);
    if (!result.ok) throw new AppError(result.error);
    const { person, changed } = result.value;
    if (changed.length > 0) {
      await audit.record(auditActorOf(req, res), {
        action: 'person.updated',
        targetType: 'person',
        targetId: person.id,
        fields: changed,
      });
    }
    res.json(person);
  };

  const transfer = async (req: Request<object, unknown, OwnershipTransfer>, res: Response) => {
    const result = await team.transferOwnership(requiredActor(res), req.body.userId);
    if (!result.ok) throw new AppError(result.error);
    await audit.record(auditActorOf(req, res), {
      action: 'ownership.transferred',
      targetType: 'person',
      targetId: req.body.userId,
      fields: ['role'],
    });
    res.status(204).end();
  };

  const invitationList = async (_req: Request, res: Response) => {
    res.json({ invitations: await invitations.list() });
  };

  const invite = async (req: Request<object, unknown, InvitationInput>, res: Response) => {
    const result = await invitations.create(requiredActor(res), req.body);
    if (!result.ok) throw new AppError(result.error);
    // The record names the invitation, never its token (the link is shown in this answer only).
    await audit.record(auditActorOf(req, res), {
      action: 'invitation.created',
      targetType: 'invitation',
      targetId: result.value.invitation.id,
      fields: ['role', 'label', 'expiresAt'],
    });
    // The link is a secret until it is used: no cache may keep the answer.
    res.status(201).set('Cache-Control', 'no-store').json(result.value);
  };

  const revoke = async (req: Request<IdParams>, res: Response) => {
    const result = await invitations.revoke(req.params.id);
    if (!result.ok) throw new AppError(result.error);
    if (result.value === 'revoked') {
      await audit.record(auditActorOf(req, res), {
        action: 'invitation.revoked',
        targetType: 'invitation',
        targetId: req.params.id,
      });
    }
    res.status(204).end();
  };

  const { router, add } = contractRoutes('/api/team', { requireAdmin });
  add(API.teamList, list);
  add<IdParams, PersonUpdate>(API.teamUpdatePerson, update);
  add<object, OwnershipTransfer>(API.teamTransferOwnership, transfer);
  add(API.invitationList, invitationList);
  add<object, InvitationInput>(API.invitationCreate, invite);
  add<IdParams>(API.invitationRevoke, revoke);
  return router;
}

/** The invitee's side: the link's token is the only credential, so these are public. */
export function invitationsRouter({
  invitations,
  adminAuth,
  audit,
  limits,
}: {
  invitations: InvitationsService;
  adminAuth: AdminAuthService;
  audit: AuditService;
  limits: LimiterDeps;
}): ContractRouter {
  const read = async (req: Request<TokenParams>, res: Response) => {
    const result = await invitations.read(req.params.token);
    // A link is a secret: neither the answer nor a refusal is kept by a cache.
    res.set('Cache-Control', 'no-store');
    if (!result.ok) throw new AppError(result.error);
    res.json(result.value);
  };

  const accept = async (req: Request<TokenParams, unknown, AcceptInvitation>, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const result = await invitations.accept(req.params.token, req.body);
    if (!result.ok) throw new AppError(result.error);
    const { userId, invitationId } = result.value;
    const ip = req.ip ?? '';
    const token = await adminAuth.openSession(userId, { ip, userAgent: req.get('user-agent') ?? '' });
    // The new person acts: they accepted, and their account is theirs.
    const actor = { userId, ip };
    await audit.record(actor, { action: 'invitation.accepted', targetType: 'invitation', targetId: invitationId });
    await audit.record(actor, {
      action: 'person.created',
      targetType: 'person',
      targetId: userId,
      fields: ['login', 'displayName', 'role', 'password'],
    });
    res.status(201).json({ token });
  };

  const { router, add } = contractRoutes('/api/invitations', { limits });
  add<TokenParams>(API.invitationRead, read);
  add<TokenParams, AcceptInvitation>(API.invitationAccept, accept);
  return router;
}
