import { API_PRELOAD_ID } from '@toolvault/shared';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';

/** The page as the server sends /blog: the answers of its first calls in a JSON data block (text as given). */
export function sendWithPage(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = API_PRELOAD_ID;
  block.textContent = text;
  document.body.append(block);
}

/**
 * For a test file about the page's data block: before each test, fresh modules (api.ts reads the block
 * once, at its first call, so each test imports its own copy) and a fetch that answers `fromNetwork`;
 * after it, the block and the fetch are gone. Returns the fetch mock of the running test.
 */
export function withPageData(fromNetwork: unknown): () => Mock {
  let fetchMock: Mock;
  beforeEach(() => {
    vi.resetModules();
    fetchMock = vi.fn(async () => new Response(JSON.stringify(fromNetwork), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });
  return () => fetchMock;
}
