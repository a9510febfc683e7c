import { frame } from './en/frame.ts';

/**
 * The namespace every page needs (the frame), in en only: the browser loads its page's locale before hydrating.
 * The home page's, the claim and the auth ones come in the page's locale only, with what uses them
 * (locale-strings.ts), the other areas' with their pages' chunks (lazy-catalogue.ts), the calculator's with its
 * island's chunk.
 */
export const en = { frame };
