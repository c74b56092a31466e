/**
 * The demo organisation of the embedded default, so that `npm start` shows a working product.
 * Module issues add their own demo data here. Skipped when the organisation already exists.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { clients, users } from '../schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Storage } from '../../platform/storage.ts';
import { seedTraining } from './training.ts';
import { seedCostSavings } from './cost-savings.ts';

export const DEMO = {
  clientId: 'ACME',
  companyName: 'Acme Manufacturing',
  password: 'Demo@2020',
  buyerAdmin: { name: 'Alex Morgan', email: 'buyer.admin@acme.example' },
  buyerUser: { name: 'Jordan Lee', email: 'buyer.user@acme.example' },
} as const;

/** `storage` receives the demo files (training material). */
export async function seedDemo(db: Db, storage: Storage) {
  const [existing] = await db.select().from(clients).where(eq(clients.clientId, DEMO.clientId));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO.password);
  await db.transaction(async (tx) => {
    const today = new Date();
    const [acme] = await tx
      .insert(clients)
      .values({
        clientId: DEMO.clientId,
        name: DEMO.buyerAdmin.name,
        email: DEMO.buyerAdmin.email,
        companyName: DEMO.companyName,
        type: 'BUYER',
        contractStartAt: `${today.getFullYear() - 2}-01-01`,
        contractEndAt: `${today.getFullYear() + 3}-12-31`,
      })
      .returning();
    if (!acme) throw new Error('Could not create the demo organisation');
    await tx.insert(users).values([
      {
        clientRef: acme.id,
        ...DEMO.buyerAdmin,
        passwordHash,
        roleCode: 'ROLE_BUYER_ADMIN',
        gender: 'FEMALE',
        dateOfBirth: '1986-04-12',
        phone: '3125550147',
      },
      {
        clientRef: acme.id,
        ...DEMO.buyerUser,
        passwordHash,
        roleCode: 'ROLE_BUYER_USER',
        gender: 'MALE',
        dateOfBirth: '1991-09-30',
        phone: '3125550188',
      },
    ]);
    await seedTraining(tx, storage);
    await seedCostSavings(tx, acme.id, today);
  });
  return true;
}
