export const TEST_ADMIN = { email: 'admin@spotzcity.test', password: 'Admin@2020' } as const;
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
