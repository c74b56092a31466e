/** Accounts the browser suite signs in with (created by global-setup before the server starts). */
export const E2E_ADMIN = { email: 'e2e.admin@spotzcity.test', password: 'Admin@2020' } as const;
export const DEMO_PASSWORD = 'Demo@2020';

/** One account per journey, so journeys that change a password never disturb each other. */
export const E2E_USERS = {
  profile: { name: 'Priya Raman', email: 'profile.e2e@acme.example', role: 'ROLE_BUYER_ADMIN' },
  recovery: { name: 'Sam Ortiz', email: 'recovery.e2e@acme.example', role: 'ROLE_BUYER_USER' },
} as const;
