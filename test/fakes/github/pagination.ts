import type { FakeRequest } from './http.js';

/**
 * One page of `items` by `per_page` (default 30, at most 100) and `page` (from 1), with the `Link`
 * header GitHub sends: first/prev when past page 1, next/last when more follow. Links keep the
 * request's other query parameters.
 */
export function paginate<T>(req: FakeRequest, apiBase: string, items: T[]): { items: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Math.max(Number(req.query.get('per_page')) || 30, 1), 100);
  const page = Math.max(Number(req.query.get('page')) || 1, 1);
  const lastPage = Math.max(Math.ceil(items.length / perPage), 1);
  const link = (n: number, rel: string) => {
    const query = new URLSearchParams(req.query);
    query.set('per_page', String(perPage));
    query.set('page', String(n));
    return `<${apiBase}${encodeURI(req.path)}?${query}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  return { items: items.slice((page - 1) * perPage, page * perPage), headers: links.length ? { link: links.join(', ') } : {} };
}
