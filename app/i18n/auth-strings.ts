import { localeStrings } from './locale-strings.ts';

/**
 * The 'auth' namespace (the login modal, the auth pages, password and submit fields) in the page's locale only, loaded
 * with what uses it instead of with every page's first catalogue (docs/decisions/0028).
 */
export const authStrings = localeStrings('auth', {
  ru: () => import('./ru/auth.ts').then((m) => m.auth),
  en: () => import('./en/auth.ts').then((m) => m.auth),
});
