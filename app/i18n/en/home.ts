import type { home as ru } from '../ru/home.ts';
import type { Catalogue } from '../types.ts';

export const home: Catalogue<typeof ru> = {
  title: '',
};
