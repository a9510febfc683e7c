import { auth } from './en/auth.ts';
import { exchange } from './en/exchange.ts';
import { frame } from './en/frame.ts';
import { home } from './en/home.ts';

/**
 * The namespaces every page may need (the frame, the login modal, the home page and its calculator), in en only: the
 * browser loads its page's locale before hydrating. The other areas' namespaces come with their pages' chunks
 * (lazy-catalogue.ts), so the home page does not download them.
 */
export const en = { frame, home, auth, exchange };
