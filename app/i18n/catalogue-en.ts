import { auth } from './en/auth.ts';
import { frame } from './en/frame.ts';
import { home } from './en/home.ts';

/**
 * The namespaces every page may need (the frame, the login modal, the home page), in en only: the
 * browser loads its page's locale before hydrating. The other areas' namespaces come with their pages' chunks
 * (lazy-catalogue.ts), so the home page does not download them; the calculator's come with its island's chunk.
 */
export const en = { frame, home, auth };
