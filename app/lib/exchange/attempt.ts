/**
 * Idempotency keys of claim creation (docs/money.md): one key per attempt. Sending the same claim again (a retry after a
 * network error, a double click that got through) reuses the key, so the server answers the first claim instead of
 * creating a second; any change to the claim is a new attempt with a new key. The captcha proof is not part of the
 * attempt: the server leaves it out of the request hash too.
 */

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A stable text of a JSON value: object keys sorted, so the same claim always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function attemptKeys(newKey: () => string = randomKey) {
  let last: { content: string; key: string } | null = null;
  return {
    /** The key for sending `payload` (its `recaptcha` ignored): the previous one if the claim is unchanged. */
    keyFor(payload: { recaptcha?: unknown } & Record<string, unknown>): string {
      const { recaptcha: _proof, ...content } = payload;
      const text = canonical(content);
      if (last?.content !== text) last = { content: text, key: newKey() };
      return last.key;
    },
  };
}
