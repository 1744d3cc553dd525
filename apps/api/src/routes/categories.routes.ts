import type { Request, RequestHandler, Response } from 'express';
import { type CategoryIdParams, type CategoryInput } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import type { ChangeLog } from '../http/change-log';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { CategoryFailure, CategoryService } from '../services/categories.service';
import type { Result } from '../lib/result';

interface CategoriesRouterDeps {
  categories: CategoryService;
  changes: ChangeLog;
  requireAdmin: RequestHandler;
}

/** `/api/categories`: a public list, admin writes. */
export function categoriesRouter({ categories, changes, requireAdmin }: CategoriesRouterDeps): ContractRouter {
  const list = async (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-cache').json(await categories.list());
  };
  const create = async (req: Request<object, unknown, CategoryInput>, res: Response) => {
    const category = unwrap(await categories.create(req.body));
    await changes.created(req, res, 'category', category);
    res.status(201).set('Cache-Control', 'no-store').json(category);
  };
  const update = async (req: Request<{ id: string }, unknown, CategoryInput>, res: Response) => {
    const before = await categories.findById(idParam(req));
    const category = unwrap(await categories.update(idParam(req), req.body));
    await changes.updated(req, res, 'category', { body: req.body, before, after: category });
    res.set('Cache-Control', 'no-store').json(category);
  };
  const remove = async (req: Request, res: Response) => {
    unwrap(await categories.delete(idParam(req)));
    await changes.deleted(req, res, 'category', idParam(req));
    res.status(204).end();
  };

  const { router, add } = contractRoutes('/api/categories', { requireAdmin });
  add(API.categoryList, list);
  add(API.categoryCreate, create);
  add(API.categoryUpdate, update);
  add(API.categoryDelete, remove);
  return router;
}

/** `:id` after the contract's params check, which replaced the params with their parsed (numeric) value. */
function idParam(req: { params: object }): number {
  return (req.params as unknown as CategoryIdParams).id;
}

function unwrap<T>(result: Result<T, CategoryFailure>): T {
  if (result.ok) return result.value;
  throw new AppError(result.error);
}
