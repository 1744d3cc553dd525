import { describe, expect, it } from 'vitest';
import { API } from './contract';
import { ENDPOINTS, endpointUrl, fetchMethod } from './endpoints';

describe('ENDPOINTS', () => {
  it('names exactly the routes of the contract, with their method and path', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(API).sort());
    for (const [name, route] of Object.entries(API)) {
      expect({ method: route.method, path: route.path }, name).toEqual(ENDPOINTS[name as keyof typeof ENDPOINTS]);
    }
  });
});

describe('endpointUrl', () => {
  it('is the path itself for a route without parameters', () => {
    expect(endpointUrl(ENDPOINTS.categoryList)).toBe('/api/categories');
  });

  it('fills in each parameter, URL-encoded', () => {
    expect(endpointUrl(ENDPOINTS.blogRead, { params: { slug: 'a b/c?' } })).toBe('/api/blog/a%20b%2Fc%3F');
    expect(endpointUrl(ENDPOINTS.shortlinkLinkAnalytics, { params: { id: 7 } })).toBe('/api/shortlinks/7/analytics');
    expect(endpointUrl(ENDPOINTS.sitemapPosts, { params: { part: 2 } })).toBe('/sitemap-posts-2.xml');
  });

  it('appends a query, leaving out absent and empty values', () => {
    expect(endpointUrl(ENDPOINTS.blogList, { query: { page: 2, q: 'a b&c', category: null, sort: '' } })).toBe(
      '/api/blog?page=2&q=a+b%26c',
    );
    expect(endpointUrl(ENDPOINTS.blogList, { query: { page: undefined } })).toBe('/api/blog');
    expect(endpointUrl(ENDPOINTS.shortlinkList, { query: 'limit=20&sort=newest' })).toBe(
      '/api/shortlinks?limit=20&sort=newest',
    );
    expect(endpointUrl(ENDPOINTS.shortlinkList, { query: '' })).toBe('/api/shortlinks');
  });

  it('refuses a missing parameter', () => {
    expect(() => endpointUrl(ENDPOINTS.blogRead, { params: {} as { slug: string } })).toThrow(/slug/);
  });
});

describe('fetchMethod', () => {
  it("is the endpoint's method as fetch writes it", () => {
    expect(fetchMethod(ENDPOINTS.shortlinkCreate)).toBe('POST');
    expect(fetchMethod(ENDPOINTS.blogDelete)).toBe('DELETE');
    expect(fetchMethod(ENDPOINTS.health)).toBe('GET');
  });
});
