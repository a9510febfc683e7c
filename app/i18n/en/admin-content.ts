import type { adminContent as ru } from '../ru/admin-content.ts';
import type { Catalogue } from '../types.ts';

export const adminContent: Catalogue<typeof ru> = {
  title: 'Content and settings',
};
