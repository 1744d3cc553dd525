import type { BlogPostPage } from '@toolvault/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sendWithPage, withPageData } from '../../lib/testing-preload';

const fromPage: BlogPostPage = { items: [], page: 1, pageSize: 10, pageCount: 3, total: 25 };
const fromNetwork: BlogPostPage = { items: [], page: 1, pageSize: 10, pageCount: 9, total: 88 };
const fetched = withPageData(fromNetwork);

/** The list query of /blog's first page, rendered once; what its first render showed. */
async function firstRender() {
  const { postPageQuery } = await import('./blog.queries');
  const seen: string[] = [];
  function Count() {
    const query = useQuery(postPageQuery({ page: 1 }));
    seen.push(query.data ? `${query.data.total} posts` : query.status);
    return <p>{query.data ? `${query.data.total} posts` : 'loading'}</p>;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => {
    render(
      <QueryClientProvider client={client}>
        <Count />
      </QueryClientProvider>,
    );
  });
  return seen;
}

describe("the blog's queries and the page's data", () => {
  it('start with the answer the page brought: shown in the first render, with no request', async () => {
    sendWithPage(JSON.stringify({ '/api/blog': fromPage }));
    const seen = await firstRender();
    expect(seen[0]).toBe('25 posts');
    expect(screen.getByText('25 posts')).toBeTruthy();
    // Mounting did not refetch it (an answer from the page counts as fresh for a while).
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetched()).not.toHaveBeenCalled();
    expect(screen.getByText('25 posts')).toBeTruthy();
  });

  it.each([
    ['no answer for this address', { '/api/blog?page=2': fromPage }],
    ['an answer of the wrong form', { '/api/blog': { items: 'not a list' } }],
  ])('ask the server when the page brought %s', async (_label, answers) => {
    sendWithPage(JSON.stringify(answers));
    const seen = await firstRender();
    expect(seen[0]).toBe('pending');
    expect(await screen.findByText('88 posts')).toBeTruthy();
    expect(fetched()).toHaveBeenCalledTimes(1);
  });
});
