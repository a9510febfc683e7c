import type { adminDirections as ru } from '../ru/admin-directions.ts';
import type { Catalogue } from '../types.ts';

export const adminDirections: Catalogue<typeof ru> = {
  title: 'Directions',
};
