/**
 * The Redis the cross-process tests use (hot cache, content memo): a test switch like TEST_DATABASE_URL, not app
 * configuration. .ci/run sets it when Redis answers; unset, those tests are skipped.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL;
