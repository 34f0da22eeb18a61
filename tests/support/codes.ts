// The codes and secret every test server and test configuration uses, in one place. Plain Node
// (no vitest import): the benchmarks use them too.
export const TEST_TEAM_CODE = '4711';
/** ACCESS_CODES of test servers: the first is the one tests type; the second shows that several work. */
export const TEST_ACCESS_CODES = ['MENTO', 'ABCDE'] as const;
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
