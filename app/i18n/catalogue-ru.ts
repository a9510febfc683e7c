import { auth } from './ru/auth.ts';
import { frame } from './ru/frame.ts';
import { home } from './ru/home.ts';

/**
 * The namespaces every page may need (the frame, the login modal, the home page), in ru only: the
 * browser loads its page's locale before hydrating. The other areas' namespaces come with their pages' chunks
 * (lazy-catalogue.ts), so the home page does not download them; the calculator's come with its island's chunk.
 */
export const ru = { frame, home, auth };
