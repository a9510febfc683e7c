import type { exchange as ru } from '../ru/exchange.ts';
import type { Catalogue } from '../types.ts';

export const exchange: Catalogue<typeof ru> = {
  title: 'Exchange',
};
