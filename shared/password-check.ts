/**
 * Passwords the first guesses of any attacker would find (docs/auth.md, "Passwords"). Length alone does not make a
 * password hard to guess: `12345678` and `password` are long enough and top every leaked list, and the login throttle
 * (docs/decisions/0019-login-throttle.md) still leaves a botnet a few guesses per account every 15 minutes — exactly
 * enough for those. So a new password is refused when it is one of the most common ones, a run of one key or of
 * neighbouring keys (digits, letters, a keyboard row, on the Latin or the Russian layout), or the account's own e-mail.
 * No zod here: the schemas (shared/schemas/auth.ts, users.ts) call it.
 */

/** The most common passwords of 8 characters or more in public leak lists that the rules below do not already catch. */
const common = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'superman',
  'starwars',
  'trustno1',
  'whatever',
  'computer',
  'internet',
  'michael1',
  'jennifer',
  'letmein1',
  'dragon123',
  'monkey123',
  'shadow123',
  'master123',
  'admin123',
  'admin1234',
  'administrator',
  'changeme',
  'changeme1',
  'abc12345',
  'abcd1234',
  'abc123456',
  'aa123456',
  'a1234567',
  'a12345678',
  'qwerty123',
  'qwerty1234',
  'qwerty12',
  '1qaz2wsx',
  'zaq12wsx',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'q1w2e3r4',
  'q1w2e3r4t5',
  '1234qwer',
  '12qwaszx',
  'qazwsxedc',
  '123qweasd',
  'qweasdzxc',
  '123qweasdzxc',
  '11223344',
  '12341234',
  '12344321',
  '123123123',
  '123321123',
  '147258369',
  '159753159',
  '789456123',
  '123456789a',
  '123456789q',
  '1234567890q',
  'gfhjkm123',
  'gfhjkm12',
  'пароль123',
  'пароль1234',
  'obmen123',
  'obmen1234',
]);

/** Rows of keys, as fingers run along them: Latin QWERTY and Russian ЙЦУКЕН, digits both ways. */
const keyRows = [
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'йцукенгшщзхъ',
  'фывапролджэ',
  'ячсмитьбю',
  'abcdefghijklmnopqrstuvwxyz',
  // Without ё, as the alphabet is usually typed.
  'абвгдежзийклмнопрстуфхцчшщъыьэюя',
];

/** `text` is made of one key pressed over and over, or of one row of keys run along (either way, wrapping round). */
function isKeyRun(text: string): boolean {
  if (new Set(text).size === 1) return true;
  return keyRows.some((row) => {
    const loop = row.repeat(Math.ceil(text.length / row.length) + 1);
    const back = [...loop].reverse().join('');
    return loop.includes(text) || back.includes(text);
  });
}

/**
 * Whether `password` is one an attacker would try first: common, a key run, or a short pattern repeated (`abcabcabc`,
 * `12121212`). Case and trailing digits or `!` added to a common word do not help (`Password1!`). Under 8 or over 128
 * characters is the length rules' to refuse (one message at a time). The account's own e-mail is `repeatsEmail`'s.
 */
export function isGuessablePassword(password: string): boolean {
  const length = [...password].length;
  if (length < 8 || length > 128) return false;
  const text = password.toLowerCase();
  const word = withoutSuffix(text);
  if (common.has(text) || common.has(word) || isKeyRun(text) || (word.length >= 6 && isKeyRun(word))) return true;
  // The same few keys repeated: "abcabcab", "12121212", "qweqweqwe".
  for (let size = 2; size <= 4; size++) {
    const unit = text.slice(0, size);
    if (unit.repeat(Math.ceil(text.length / size)).startsWith(text)) return true;
  }
  return false;
}

/** The digits or `!` people add to a word to pass a rule: "password1!" is "password". */
const withoutSuffix = (text: string) => text.replace(/[\d!.?]+$/, '');

/**
 * Whether `password` is the account's `email`, or its name before the `@` (4 characters or more), in any case and
 * with digits or `!` added. The first thing anyone who knows the address tries.
 */
export function repeatsEmail(password: string, email: string): boolean {
  const text = password.toLowerCase();
  const word = withoutSuffix(text);
  const address = email.trim().toLowerCase();
  const name = address.split('@')[0] ?? '';
  return text === address || word === address || (name.length >= 4 && (text === name || word === name));
}
