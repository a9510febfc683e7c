import { describe, expect, it } from 'vitest';
import { checkRequisite, regExpMatch, type RequisiteInput } from '../shared/exchange/requisites.ts';
import { re2Match, runnablePatterns, runsOnRe2, toRe2 } from './requisite-patterns.ts';

const text = (pattern: string): RequisiteInput => ({
  name: 'account',
  label: { ru: 'Счёт', en: 'Account' },
  visible: true,
  required: true,
  kind: 'text',
  pattern,
  example: 'x',
});

describe('requisite patterns on RE2', () => {
  it('a polynomial pattern meets a 256-character near miss and answers at once', () => {
    // Each passes safe-regex2 and repeatsAChoice (or was stored before them); RegExp takes seconds to minutes on these.
    const nearMiss = `${'1'.repeat(255)}y`;
    const started = Date.now();
    for (const pattern of ['\\d+\\d+\\d+\\d+x', '\\d*\\d*\\d*\\d*\\d*$x', '(\\d+)*x', '(\\w|\\d)+x']) {
      expect(checkRequisite(text(pattern), null, nearMiss, re2Match), pattern).toBe('format');
      expect(checkRequisite(text(pattern), null, `${'1'.repeat(255)}x`, re2Match), pattern).toBe(
        pattern.includes('$x') ? 'format' : null,
      );
    }
    // A hang guard, not a speed test: RegExp would hold the thread far longer.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses what RE2 cannot run or would read otherwise', () => {
    for (const pattern of [
      'a(?=b)',
      'a(?!b)',
      '(?<=a)b',
      '(?<!a)b',
      '(a)\\1',
      '(?<n>a)\\k<n>',
      '(?i:a)',
      '[^\\S\\n]',
      'x{1001}',
      '[a',
      '(?<n>a)\\k<m>',
      // Script_Extensions has no RE2 counterpart; RE2 knows scripts by their long names only.
      '\\p{Script_Extensions=Latin}',
      '\\p{scx=Cyrl}',
      '\\p{Script=Cyrl}',
    ]) {
      expect(runsOnRe2(pattern), pattern).toBe(false);
    }
    for (const pattern of [
      "[\\p{L} .'-]{3,80}",
      '41001\\d{7,11}',
      '(?:RU|KZ)\\d{10}',
      '(?<code>[A-Z]{2})\\d+',
      '\\u{1F600}+',
      '\\p{Letter}',
      '\\p{Script=Cyrillic}',
    ]) {
      expect(runsOnRe2(pattern), pattern).toBe(true);
    }
    // An unsupported pattern is refused, never run on a backtracking engine.
    expect(re2Match('a(?=a)', 'a')).toBe(false);
  });

  it('reads every construct as JavaScript’s `u` flag does', () => {
    const cases: Array<[string, string[]]> = [
      ['\\s+', [' ', '\u00a0', '\u2028', '\ufeff', '\t', 'x']],
      ['\\S+', ['x', '\u00a0', 'я']],
      ['[\\s\\d]+', ['1 2', '1\u30002', 'a']],
      ['.+', ['a', '\r', '\n', '\u2028', '😀']],
      ['\\w+', ['abc_1', 'я']],
      ['\\d+', ['123', '١٢٣']],
      ['\\p{L}+', ['Анна', 'abc', '1']],
      ['\\P{L}+', ['12', 'a']],
      ['[\\p{Lu}][\\p{Ll}]+', ['Анна', 'анна']],
      // JavaScript's spellings of scripts and of categories' long names, which RE2 writes otherwise.
      ['[\\p{Script=Cyrillic} -]+', ['Иван Петров', 'Ivan Petrov', 'Анна-Мария']],
      ['\\p{sc=Latin}+', ['Ivan', 'Иван']],
      ['\\P{Script=Cyrillic}+', ['Ivan', 'Иван']],
      ['\\p{Letter}\\p{Decimal_Number}', ['a1', 'я٣', '11']],
      ['\\p{General_Category=Uppercase_Letter}\\p{gc=Ll}', ['Ab', 'AB', 'Яя']],
      ['\\p{Alphabetic}+', ['aЯⅫª', '1', '-']],
      ['\\u{1F600}', ['😀', '😃']],
      ['\\uD83D\\uDE00', ['😀', '😃']],
      ['\\u0041\\x42', ['AB', 'ab']],
      ['\\cJ', ['\n', 'J']],
      ['a\\0?', ['a', 'a\u0000']],
      ['[\\b]', ['\b', 'b']],
      ['[]', ['', 'a']],
      ['[^]', ['a', '\n']],
      ['[[:a]+', ['[:a', 'abc', 'b']],
      ['[a\\-z]+', ['-', 'b']],
      ['\\.\\/\\(\\)', ['./()', 'a/()']],
      ['a|b', ['a', 'b', 'ab']],
      ['(a|ab)(c|bcd)', ['abcd', 'abc']],
      ['x{2,3}?', ['xx', 'xxxx']],
      ['^a$', ['a', 'a\n']],
      ['\\bab\\b', ['ab']],
    ];
    for (const [pattern, values] of cases) {
      expect(toRe2(pattern), pattern).not.toBeNull();
      for (const value of values) {
        expect(re2Match(pattern, value), `${pattern} on ${JSON.stringify(value)}`).toBe(regExpMatch(pattern, value));
      }
    }
  });

  it('a stored pattern RE2 cannot run reads as none, as a slow one does', () => {
    const inputs = [text('a(?=a)'), text('(a+)+'), text('P\\d{7,12}')];
    expect(runnablePatterns(inputs).map((i) => i.pattern)).toEqual([null, null, 'P\\d{7,12}']);
    const fine = [text('P\\d{7,12}')];
    expect(runnablePatterns(fine)).toBe(fine);
  });
});
