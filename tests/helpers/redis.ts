import { randomUUID } from 'node:crypto';

/**
 * The Redis the cross-process tests use (hot cache, content memo): a test switch like TEST_DATABASE_URL, not app
 * configuration. .ci/run sets it when Redis answers; unset, those tests are skipped.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/**
 * This test file's names on that Redis (REDIS_PREFIX): the apps one file builds share them, as two processes of one
 * site do; a file running at the same time in another worker has its own, so neither hears the other's events.
 */
export const testRedisPrefix = `obmen-test-${randomUUID().slice(0, 8)}`;
