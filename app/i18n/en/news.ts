import type { news as ru } from '../ru/news.ts';
import type { Catalogue } from '../types.ts';

export const news: Catalogue<typeof ru> = {
  title: '',
};
