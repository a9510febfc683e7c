import type { FastifyRequest } from 'fastify';

/**
 * Hook point for the accounts issue: who the request's customer is. Claims created by a logged-in customer are linked
 * to the account (claims.user_id) and the pair settings are personalised (bonus). Until accounts land, nobody is
 * logged in: the accounts module replaces `services.identity` with one that reads the bearer token (and answers 401
 * `token_not_valid` for a bad one, DESIGN §4).
 */
export interface Identity {
  userIdOf(request: FastifyRequest): Promise<number | undefined>;
}

export const guestIdentity: Identity = {
  userIdOf: async () => undefined,
};
