import { RE2JS } from 're2js';
import type { PatternMatch } from '../shared/exchange/requisites.ts';
import { withoutSlowPatterns } from '../shared/schemas/admin-directions.ts';

/**
 * Requisite patterns on the server run on RE2 (re2js: pure JavaScript, linear in the value's length), never on the
 * backtracking RegExp: a polynomial pattern such as `\d+\d+\d+\d+x` passes safe-regex2 and `repeatsAChoice`, and one
 * customer's 256-character near miss held the event loop, every visitor's request, for seconds
 * (docs/decisions/0037-linear-time-requisite-patterns.md). The browser keeps RegExp (re2js would not fit its first-load
 * budget): there it runs on the customer's own tab only. A pattern is written in JavaScript's syntax (the `u` flag, as
 * the HTML `pattern` attribute reads it); `toRe2` rewrites it into RE2's with the same meaning, or refuses it.
 */

/** JavaScript's `\s` (WhiteSpace and LineTerminator), as class items: RE2's `\s` is ASCII only. */
const jsSpace = String.raw`\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`;
/** JavaScript's `.` without the `s` flag: any code point but a line terminator (RE2's leaves out only `\n`). */
const jsDot = String.raw`[^\n\r\x{2028}\x{2029}]`;

const hex = (code: number) => `\\x{${code.toString(16)}}`;

/** JavaScript's long names of the general categories, which RE2 knows by their short ones only. */
const categoryNames: Record<string, string> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  Format: 'Cf',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

/**
 * A `\p{...}` name (JavaScript's) as RE2 writes it, or null when RE2 has no such property. JavaScript names a script
 * `Script=Cyrillic` or `sc=Cyrillic` (an exchange's "name in Cyrillic"), RE2 just `Cyrillic`; a general category may
 * be written long (`Letter`, `General_Category=Letter`, `gc=L`); other names (`Alphabetic`) pass as written, and RE2
 * refuses what it does not know (a script's short alias, `Cyrl`). Script_Extensions has no RE2 counterpart (taking
 * the script instead would accept less): refused.
 */
function unicodeProperty(name: string): string | null {
  const [key, value] = name.includes('=') ? name.split('=', 2) : [null, name];
  if (key === 'Script' || key === 'sc') return value ?? null;
  if (key !== null && key !== 'General_Category' && key !== 'gc') return null;
  return categoryNames[value!] ?? value!;
}

/**
 * `pattern` (JavaScript, `u` flag; it compiles there) in RE2's syntax with the same meaning, or null when it has what
 * RE2 cannot run in linear time or would read otherwise: backreferences (`\1`, `\k<n>`), lookarounds, inline flags
 * (`(?i:`), `\S` inside a class. Captures do not matter to a yes/no match, so every group becomes `(?:`. Escapes RE2
 * spells otherwise (`\u{1F600}`, `\cA`, `\0`, `\b` in a class) are written as `\x{..}`; `[` in a class is escaped
 * (RE2 would read `[[:alpha:]]` as a POSIX class); `[]` and `[^]` become what they mean in JavaScript.
 */
export function toRe2(pattern: string): string | null {
  let out = '';
  let i = 0;
  /** The escape at `i` (after its backslash), as RE2 writes it; `inClass`: inside `[...]`. Moves `i` past it. */
  const escape = (inClass: boolean): string | null => {
    const c = pattern[i]!;
    i++;
    if ('dDwW'.includes(c)) return `\\${c}`;
    if (c === 'b' || c === 'B') return inClass ? hex(8) : `\\${c}`;
    if (c === 's') return inClass ? jsSpace : `[${jsSpace}]`;
    if (c === 'S') return inClass ? null : `[^${jsSpace}]`;
    if ('tnvfr'.includes(c)) return `\\${c}`;
    if (c === 'p' || c === 'P') {
      const end = pattern.indexOf('}', i);
      const name = unicodeProperty(pattern.slice(i + 1, end));
      i = end + 1;
      return name === null ? null : `\\${c}{${name}}`;
    }
    if (c === 'u') {
      let code: number;
      if (pattern[i] === '{') {
        const end = pattern.indexOf('}', i);
        code = parseInt(pattern.slice(i + 1, end), 16);
        i = end + 1;
      } else {
        code = parseInt(pattern.slice(i, i + 4), 16);
        i += 4;
        // A surrogate pair written as two escapes is one code point under the `u` flag.
        const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(pattern.slice(i));
        if (code >= 0xd800 && code <= 0xdbff && low) {
          code = 0x10000 + ((code - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
          i += 6;
        }
      }
      return hex(code);
    }
    if (c === 'x') {
      const code = parseInt(pattern.slice(i, i + 2), 16);
      i += 2;
      return hex(code);
    }
    if (c === 'c') return hex(pattern.charCodeAt(i++) % 32);
    if (c === '0') return hex(0);
    // `\1`..`\9` and `\k<name>`: backreferences, which no linear-time engine has.
    if (/[1-9k]/.test(c)) return null;
    // What is left is an escaped syntax character (`\.`, `\(`, `\/`, `\-`): RE2 takes any escaped punctuation.
    return `\\${c}`;
  };
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      const written = escape(false);
      if (written === null) return null;
      out += written;
    } else if (c === '.') {
      i++;
      out += jsDot;
    } else if (c === '(') {
      i++;
      if (pattern[i] === '?') {
        if (pattern[i + 1] === ':') i += 2;
        else if (pattern[i + 1] === '<' && pattern[i + 2] !== '=' && pattern[i + 2] !== '!')
          i = pattern.indexOf('>', i) + 1;
        // Lookarounds and inline flags.
        else return null;
      }
      out += '(?:';
    } else if (c === '[') {
      i++;
      const negated = pattern[i] === '^';
      if (negated) i++;
      let items = '';
      while (i < pattern.length && pattern[i] !== ']') {
        const d = pattern[i]!;
        if (d === '\\') {
          i++;
          const written = escape(true);
          if (written === null) return null;
          items += written;
        } else {
          i++;
          items += d === '[' ? '\\[' : d;
        }
      }
      i++;
      if (items === '') out += negated ? String.raw`[\x00-\x{10ffff}]` : String.raw`[^\x00-\x{10ffff}]`;
      else out += `[${negated ? '^' : ''}${items}]`;
    } else {
      // Quantifiers, `|`, `^`, `$`, `)` and literal characters mean the same in both.
      i++;
      out += c;
    }
  }
  return out;
}

function compilesInJs(pattern: string): boolean {
  try {
    new RegExp(`^(?:${pattern})$`, 'u');
    return true;
  } catch {
    return false;
  }
}

/** A pattern compiled for RE2, or null when it cannot be (`toRe2` refuses it, or RE2 does: `x{1001}`). */
function compile(pattern: string): RE2JS | null {
  const known = compiledPatterns.get(pattern);
  if (known !== undefined) return known;
  let re: RE2JS | null = null;
  // `toRe2` reads a pattern JavaScript compiles; one that does not (stored by hand) is not run at all.
  const translated = compilesInJs(pattern) ? toRe2(pattern) : null;
  if (translated !== null) {
    try {
      re = RE2JS.compile(translated);
    } catch {
      re = null;
    }
  }
  // The few patterns an exchange has, read with every claim: compiled once each (bounded all the same).
  if (compiledPatterns.size >= 1_000) compiledPatterns.clear();
  compiledPatterns.set(pattern, re);
  return re;
}
const compiledPatterns = new Map<string, RE2JS | null>();

/** Whether RE2 runs `pattern` (JavaScript syntax) with the meaning it has in the browser. */
export function runsOnRe2(pattern: string): boolean {
  return compile(pattern) !== null;
}

/**
 * The server's matcher for `checkRequisite`: the whole value against the pattern, on RE2. A pattern RE2 cannot run
 * never reaches here (refused at save, dropped when read: `runnablePatterns`); were one to, the value is refused
 * rather than checked by a backtracking engine.
 */
export const re2Match: PatternMatch = (pattern, value) => compile(pattern)?.testExact(value) ?? false;

/**
 * Stored inputs as the server reads them: a pattern saved before the console refused slow ones (`withoutSlowPatterns`)
 * or ones RE2 cannot run (2026-12-02) reads as none, so the browser and the server never check a value differently
 * and the operator finds the field without a pattern, to write one both engines take.
 */
export function runnablePatterns<T extends { pattern?: string | null }>(inputs: T[]): T[] {
  const timely = withoutSlowPatterns(inputs);
  return timely.some((i) => typeof i.pattern === 'string' && !runsOnRe2(i.pattern))
    ? timely.map((i) => (typeof i.pattern === 'string' && !runsOnRe2(i.pattern) ? { ...i, pattern: null } : i))
    : timely;
}
