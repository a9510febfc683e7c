import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum the type stripper cannot
 * inline, hence the literal (2 = Argon2id).
 */
const options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummy: Promise<string> | undefined;

/** Computes the dummy hash ahead, so not even the first unknown e-mail pays for it (and shows in timing). */
export function primeDummyHash(): void {
  dummy ??= hashPassword('dummy password nobody has');
}

/**
 * Checks a password against a stored hash, or against a dummy hash when there is no account: an unknown e-mail then
 * costs the same argon2 work as a wrong password, so timing does not tell whether an address is registered.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    primeDummyHash();
    await verify(await dummy!, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
