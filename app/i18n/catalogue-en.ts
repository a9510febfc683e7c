import { account } from './en/account.ts';
import { auth } from './en/auth.ts';
import { claim } from './en/claim.ts';
import { content } from './en/content.ts';
import { exchange } from './en/exchange.ts';
import { frame } from './en/frame.ts';
import { home } from './en/home.ts';
import { news } from './en/news.ts';

/** Every namespace of the en catalogue: the browser loads only its page's locale (one chunk each). */
export const en = { frame, home, auth, account, content, news, exchange, claim };
