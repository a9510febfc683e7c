import type { account as ru } from '../ru/account.ts';
import type { Catalogue } from '../types.ts';

export const account: Catalogue<typeof ru> = {
  title: '',
};
