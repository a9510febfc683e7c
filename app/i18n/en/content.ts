import type { content as ru } from '../ru/content.ts';
import type { Catalogue } from '../types.ts';

export const content: Catalogue<typeof ru> = {
  title: '',
};
