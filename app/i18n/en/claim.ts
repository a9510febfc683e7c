import type { claim as ru } from '../ru/claim.ts';
import type { Catalogue } from '../types.ts';

export const claim: Catalogue<typeof ru> = {
  title: 'Claim',
};
