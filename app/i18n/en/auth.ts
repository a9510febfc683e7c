import type { auth as ru } from '../ru/auth.ts';
import type { Catalogue } from '../types.ts';

export const auth: Catalogue<typeof ru> = {
  title: '',
};
