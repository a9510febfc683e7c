import type { FastifyRequest } from 'fastify';
import { localizePath } from '../shared/locales.ts';
import { AppError } from './errors.ts';

/** The query string as sent (strings): the page links keep every parameter the caller gave, validated or not. */
function rawQuery(request: FastifyRequest): Record<string, string> {
  const search = request.raw.url?.split('?')[1] ?? '';
  return Object.fromEntries(new URLSearchParams(search));
}

/**
 * A DRF page (docs/product/api.md) around `results`: `next`/`previous` are absolute links that keep the request's other
 * query parameters. A page past the last one is 404 `invalid_page`, as DRF answers (page 1 of an empty list is fine).
 */
export function drfPage<T>(
  request: FastifyRequest,
  publicUrl: string,
  path: string,
  query: { page: number; size: number },
  found: { count: number; results: T[] },
) {
  const pages = Math.max(1, Math.ceil(found.count / query.size));
  if (query.page > pages) throw new AppError('invalid_page');
  const base = `${publicUrl}${localizePath(path, request.locale)}`;
  const link = (page: number) => {
    const params = new URLSearchParams(rawQuery(request));
    params.set('page', String(page));
    params.set('size', String(query.size));
    return `${base}?${params}`;
  };
  return {
    count: found.count,
    next: query.page < pages ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(query.page - 1) : null,
    results: found.results,
  };
}
