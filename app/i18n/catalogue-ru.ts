import { account } from './ru/account.ts';
import { auth } from './ru/auth.ts';
import { claim } from './ru/claim.ts';
import { content } from './ru/content.ts';
import { exchange } from './ru/exchange.ts';
import { frame } from './ru/frame.ts';
import { home } from './ru/home.ts';
import { news } from './ru/news.ts';

/** Every namespace of the ru catalogue: the browser loads only its page's locale (one chunk each). */
export const ru = { frame, home, auth, account, content, news, exchange, claim };
