import type { adminPartners as ru } from '../ru/admin-partners.ts';
import type { Catalogue } from '../types.ts';

export const adminPartners: Catalogue<typeof ru> = {
  title: 'Partners and promos',
};
