import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * Who the request's customer is, for the exchange routes: a claim created by a logged-in customer is linked to the
 * account (claims.user_id) and the pair settings are personalised. Read from the bearer token only when one is sent,
 * so guests (the hot path) pay nothing; a bad token is 401 `token_not_valid` (DESIGN §4), never a silent guest, or the
 * client would not know to refresh and the claim would land outside the account.
 */
export interface Identity {
  userIdOf(request: FastifyRequest): Promise<number | undefined>;
}

export function bearerIdentity(userFromAccessToken: (token: string) => Promise<{ id: number } | null>): Identity {
  return {
    async userIdOf(request) {
      const header = request.headers.authorization;
      if (!header) return undefined;
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const user = match ? await userFromAccessToken(match[1]!) : null;
      if (!user) throw new AppError('token_not_valid');
      return user.id;
    },
  };
}
