-- Links made before a prime had to accept them count as accepted; new links wait for the prime.
ALTER TABLE "tier2_primes" ADD COLUMN "status" text DEFAULT 'ACCEPTED' NOT NULL;--> statement-breakpoint
ALTER TABLE "tier2_primes" ALTER COLUMN "status" SET DEFAULT 'PENDING';
