import { z } from 'zod';

// The profile's feature flags as a schema, apart from permissions.ts: the web app's shell needs the
// role names and labels of permissions.ts at once, and zod only with the pages that have forms
// (the first-load weight budget). `deriveFeatures` (permissions.ts) fills these flags.

const flags = <K extends string>(...names: K[]) =>
  z.object(
    Object.fromEntries(['allowed', ...names].map((n) => [n, z.boolean()])) as {
      [P in K | 'allowed']: z.ZodBoolean;
    },
  );

/** Feature flags of spec 01/02 point 6, each with `allowed`. Extra flags are SpotzCity's own. */
export const featuresSchema = z.object({
  supplierAndSpend: flags('deleteFile', 'uploadFile', 'createReport'),
  training: flags('uploadTraining'),
  user: flags('addEdit', 'deleteUser'),
  client: flags('createAdmin', 'createClient', 'deleteClient', 'deleteAdmin'),
  rfx: flags('addEdit', 'deleteFile', 'createReport'),
  contract: flags('addEdit', 'deleteFile', 'createReport'),
  marketShare: flags('createReport'),
  costSaving: flags('addEdit', 'deleteFile', 'createReport'),
  searchSupplier: flags('uploadFile'),
  diversityEvent: flags('uploadEvent'),
});
export type Features = z.infer<typeof featuresSchema>;
