/** Accounts the browser suite signs in with (created by global-setup before the server starts). */
export const E2E_ADMIN = { email: 'e2e.admin@spotzcity.test', password: 'Admin@2020' } as const;
export const DEMO_PASSWORD = 'Demo@2020';

/** The demo organisation's Buyer Admin. */
export const BUYER_ADMIN = 'buyer.admin@acme.example';

/** One account per journey, so journeys that change a password never disturb each other. */
export const E2E_USERS = {
  profile: { name: 'Priya Raman', email: 'profile.e2e@acme.example', role: 'ROLE_BUYER_ADMIN' },
  recovery: { name: 'Sam Ortiz', email: 'recovery.e2e@acme.example', role: 'ROLE_BUYER_USER' },
  // Raters of one supplier, so that Search Supplier's 'Rating & Comments' has two pages.
  rater1: { name: 'Rater One', email: 'rater1.e2e@acme.example', role: 'ROLE_BUYER_USER' },
  rater2: { name: 'Rater Two', email: 'rater2.e2e@acme.example', role: 'ROLE_BUYER_USER' },
  rater3: { name: 'Rater Three', email: 'rater3.e2e@acme.example', role: 'ROLE_BUYER_USER' },
  rater4: { name: 'Rater Four', email: 'rater4.e2e@acme.example', role: 'ROLE_BUYER_USER' },
  rater5: { name: 'Rater Five', email: 'rater5.e2e@acme.example', role: 'ROLE_BUYER_USER' },
  rater6: { name: 'Rater Six', email: 'rater6.e2e@acme.example', role: 'ROLE_BUYER_USER' },
} as const;

/** An organisation of its own, disabled by the Super User while its admin is signed in. */
export const E2E_LAPSING = {
  clientId: 'LAPSING',
  companyName: 'Lapsing Logistics',
  user: { name: 'Lee Lapsing', email: 'lee@lapsing.example', role: 'ROLE_BUYER_ADMIN' },
} as const;
