import type { adminClaims as ru } from '../ru/admin-claims.ts';
import type { Catalogue } from '../types.ts';

export const adminClaims: Catalogue<typeof ru> = {
  title: 'Claims',
};
