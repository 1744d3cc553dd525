import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answerAheadOfRouter } from '../src/http/ahead-of-router';

/** An app whose handler ahead of the router does what the path says, and whose router answers the rest. */
function app(trustProxy = 0) {
  const ahead: RequestHandler = (req, res, next) => {
    switch (req.path) {
      case '/answered':
        res.json({ ip: req.ip, host: req.host, json: req.accepts(['html', 'json']) === 'json' });
        return;
      case '/later':
        setImmediate(() => next());
        return;
      case '/failed':
        setImmediate(() => next(new Error('the click failed')));
        return;
      case '/threw':
        throw new Error('the click threw');
      default:
        next();
    }
  };
  const app = express();
  app.set('trust proxy', trustProxy);
  answerAheadOfRouter(app, ahead);
  app.use((_req, res, next) => {
    res.setHeader('X-Router', 'yes');
    next();
  });
  app.get(['/later', '/other'], (req, res) => res.json({ routed: req.path }));
  const errors: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    res.status(500).json({ error: error.message, code: 'INTERNAL' });
  };
  app.use(errors);
  return app;
}

describe('answerAheadOfRouter', () => {
  it('answers before the router, with Express request helpers and the app settings', async () => {
    const res = await request(app(1))
      .get('/answered')
      .set('Accept', 'application/json')
      .set('X-Forwarded-For', '203.0.113.9')
      .set('X-Forwarded-Host', 'links.example');
    expect(res.status).toBe(200);
    expect(res.headers['x-router']).toBeUndefined();
    expect(res.body).toEqual({ ip: '203.0.113.9', host: 'links.example', json: true });
  });

  it('ignores forwarded headers without a trusted proxy', async () => {
    const res = await request(app(0)).get('/answered').set('X-Forwarded-For', '203.0.113.9');
    expect(res.body.ip).not.toBe('203.0.113.9');
    expect(res.body.json).toBe(false);
  });

  it.each([
    ['/other', 'at once'],
    ['/later', 'after an await'],
  ])('hands %s on to the router untouched (%s)', async (path) => {
    const res = await request(app()).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['x-router']).toBe('yes');
    expect(res.body).toEqual({ routed: path });
  });

  it.each([
    ['/failed', 'the click failed'],
    ['/threw', 'the click threw'],
  ])('sends the error of %s to the app error handler, skipping the other middleware', async (path, message) => {
    const res = await request(app()).get(path);
    expect(res.status).toBe(500);
    expect(res.headers['x-router']).toBeUndefined();
    expect(res.body).toEqual({ error: message, code: 'INTERNAL' });
  });

  it('answers the router 404 for what neither handles', async () => {
    const res = await request(app()).get('/nowhere');
    expect(res.status).toBe(404);
  });
});
