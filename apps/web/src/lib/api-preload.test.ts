import { API_PRELOAD_ID } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import { sendWithPage, withPageData } from './testing-preload';

const fromNetwork = { items: ['from the network'] };
const fetched = withPageData(fromNetwork);

describe('answers sent with the page', () => {
  it("answers a visitor's first GET of a URL from the page, once; later calls ask the server", async () => {
    sendWithPage(JSON.stringify({ '/api/blog': { items: ['from the page'] }, '/api/categories': [] }));
    const { apiFetch } = await import('./api');
    expect(await apiFetch('/api/blog')).toEqual({ ok: true, value: { items: ['from the page'] } });
    expect(fetched()).not.toHaveBeenCalled();
    expect(document.getElementById(API_PRELOAD_ID)).toBeNull();
    expect(await apiFetch('/api/blog')).toEqual({ ok: true, value: fromNetwork });
    expect(fetched()).toHaveBeenCalledTimes(1);
    // Another URL, or the same one with a query, is not the page's answer.
    await apiFetch('/api/blog?page=2');
    expect(fetched()).toHaveBeenCalledTimes(2);
  });

  it("never answers the admin's calls (with a token, drafts count) or a write from the page", async () => {
    sendWithPage(JSON.stringify({ '/api/blog': { items: ['from the page'] } }));
    const { apiFetch } = await import('./api');
    expect(await apiFetch('/api/blog', { token: 'admin-token' })).toEqual({ ok: true, value: fromNetwork });
    expect(await apiFetch('/api/blog', { method: 'POST', body: {} })).toEqual({ ok: true, value: fromNetwork });
    expect(fetched()).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['no block', null],
    ['a block that is not JSON', '{"/api/blog": '],
    ['a block that is not an object', '["/api/blog"]'],
  ])('asks the server when the page brought %s', async (_label, text) => {
    if (text !== null) sendWithPage(text);
    const { apiFetch } = await import('./api');
    expect(await apiFetch('/api/blog')).toEqual({ ok: true, value: fromNetwork });
    expect(fetched()).toHaveBeenCalledTimes(1);
  });
});
