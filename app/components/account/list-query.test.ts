import { describe, expect, it } from 'vitest';
import { adminClaimsQuery } from '../../../shared/schemas/admin-claims.ts';
import { pageCount, pageItems, pageParam, readListQuery, withParams } from './list-query.ts';

describe('pageParam', () => {
  it('reads a positive page number and falls back to the first page for anything else', () => {
    expect(pageParam('3')).toBe(3);
    for (const bad of [null, undefined, '', '0', '-2', '2.5', 'abc', '9999999'])
      expect(pageParam(bad), String(bad)).toBe(1);
  });
});

describe('pageCount', () => {
  it('is at least one page, and rounds a partial page up', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('pageItems', () => {
  it('lists every page of a short list', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first and last pages and two either side of the current one, with gaps between', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('shows a single left-out page itself rather than a gap', () => {
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 20]);
  });
});

describe('withParams', () => {
  it('sets and removes parameters, keeping the others', () => {
    expect(withParams('?status=paid&page=3', { page: 4 })).toBe('?status=paid&page=4');
    expect(withParams('?status=paid&page=3', { status: 'completed', page: null })).toBe('?status=completed');
    expect(withParams('?status=paid', { status: '' })).toBe('');
  });

  it('leaves the first page out of the address: one address per page', () => {
    expect(withParams('?status=paid&page=3', { page: 1 })).toBe('?status=paid');
    expect(withParams('?wpage=2&page=2', { wpage: '1' })).toBe('?page=2');
  });
});

describe('readListQuery', () => {
  const fallback = { page: 1, size: 25, status: undefined, q: undefined };
  it('takes a valid query whole', () => {
    expect(readListQuery(adminClaimsQuery, { page: '2', size: '25', status: 'paid', q: 'anna' }, fallback)).toEqual({
      query: { page: 2, size: 25, status: 'paid', q: 'anna' },
      refused: {},
    });
  });

  it('leaves out only what it refuses, naming each with its issue', () => {
    const { query, refused } = readListQuery(
      adminClaimsQuery,
      { page: '2', size: '25', status: 'bogus', q: 'x'.repeat(201) },
      fallback,
    );
    expect(query).toEqual({ page: 2, size: 25, status: undefined, q: undefined });
    expect(refused).toEqual({ status: 'field_invalid_choice', q: 'field_too_long?max=200' });
  });
});
