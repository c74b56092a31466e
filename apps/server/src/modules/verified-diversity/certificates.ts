/**
 * Certificates of directory suppliers, the agencies an organisation recognises and its
 * qualification policy (issue #21). An organisation reads the directory's certificates
 * (`client_ref` null: the supplier-list upload's, or added by the platform's admins) and its own;
 * it changes only its own, the platform's admins only the directory's. Another organisation's
 * certificate answers NotFound like a missing one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CERTIFICATE_STATUSES,
  RECORDED_STATUSES,
  SELF_CERTIFICATION,
  VERIFIED_MESSAGES,
  type Certificate,
  type CertificateInput,
  type CertificateListRequest,
  type QualificationPolicy,
} from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { Conflict, Forbidden, NotFound, ValidationError } from '../../platform/errors.ts';
import { getPolicy, qualifiesSql, visibleCertificate } from '../../domain/verified-spend.ts';
import { dbNumber, pageWindow } from '../../platform/sql.ts';
import { supplierExists } from '../../domain/supplier-matching.ts';
import {
  certificatePolicies,
  certifyingAgencies,
  supplierCertificates,
  supplierDirectory,
} from '../../db/schema/index.ts';

export { getPolicy, qualifiesSql };

/**
 * Who acts on certificates: the organisation, and whether the user may change the supplier
 * directory (UPLOAD_SUPPLIER_LIST: the platform's admins). Those keep the directory's
 * certificates and agencies — everything they add is the directory's, read by every organisation.
 */
export interface CertificateActor {
  clientRef: number;
  directory: boolean;
}

/** Certificate `c` is one `actor` may change: its organisation's own, or the directory's for its admins. */
const writable = (actor: CertificateActor): SQL =>
  actor.directory
    ? sql`(c.client_ref is null or c.client_ref = ${actor.clientRef})`
    : sql`c.client_ref = ${actor.clientRef}`;

/**
 * NotFound when `actor` cannot read certificate `id` (missing, or another organisation's);
 * Forbidden when it reads it from the directory but may not change it.
 */
async function refuseChange(db: DbOrTx, actor: CertificateActor, id: number): Promise<never> {
  const [row] = rowsOf(
    await db.execute(sql`
      select c.id from ${supplierCertificates} c
      where ${visibleCertificate(actor.clientRef)} and c.id = ${id}
    `),
    idRow,
  );
  if (row) throw new Forbidden(VERIFIED_MESSAGES.directoryReadOnly);
  throw new NotFound('Certificate not found');
}

/* ---------------------------------------------------------------- policy */

export async function savePolicy(
  db: DbOrTx,
  clientRef: number,
  policy: QualificationPolicy,
): Promise<QualificationPolicy> {
  if (policy.acceptedAgencies) {
    const known = new Set((await listAgencies(db, clientRef)).map((a) => a.name));
    const unknown = policy.acceptedAgencies.find((a) => !known.has(a));
    if (unknown !== undefined) {
      throw ValidationError.field('acceptedAgencies', VERIFIED_MESSAGES.unknownAgency);
    }
  }
  const accepted = policy.acceptedAgencies
    ? JSON.stringify([...new Set(policy.acceptedAgencies)])
    : null;
  await db.execute(sql`
    insert into ${certificatePolicies} (client_ref, accepted_agencies, accept_self_certified,
      grace_months, expiring_window_days, counting_rule)
    values (${clientRef},
      (select array(select jsonb_array_elements_text(${accepted}::jsonb)) where ${accepted}::jsonb is not null),
      ${policy.acceptSelfCertified}, ${policy.graceMonths}, ${policy.expiringWindowDays},
      ${policy.countingRule})
    on conflict (client_ref) do update set
      accepted_agencies = excluded.accepted_agencies,
      accept_self_certified = excluded.accept_self_certified,
      grace_months = excluded.grace_months,
      expiring_window_days = excluded.expiring_window_days,
      counting_rule = excluded.counting_rule,
      updated_at = now()
  `);
  return getPolicy(db, clientRef);
}

/** The derived status of certificate `c` on `today` (certificateStatus in SQL). */
export function statusSql(today: string, windowDays: number): SQL {
  return sql`case
    when c.status <> 'ACTIVE' and (c.status_date is null or c.status_date <= ${today}::date)
      then c.status
    when c.expiry_date < ${today}::date then 'EXPIRED'
    when c.expiry_date - ${today}::date <= ${windowDays} then 'EXPIRING'
    else 'VALID' end`;
}

/* ---------------------------------------------------------------- agencies */

/**
 * The agencies the organisation knows: the shared ones (built in, or added by the platform's
 * admins) first, then its own; a name in both lists once, as the shared one.
 */
export async function listAgencies(db: DbOrTx, clientRef: number) {
  const rows = rowsOf(
    await db.execute(sql`
      select id, name, client_ref is null as "builtIn" from ${certifyingAgencies}
      where client_ref is null or client_ref = ${clientRef}
      order by client_ref nulls first, id
    `),
    agencyRow,
  );
  const seen = new Set<string>();
  return rows.filter((a) => {
    const key = a.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Adds an agency to the organisation's list; the platform's admins add it to the list every
 * organisation shares (the directory's certificates may name it, and every policy may accept it).
 */
export async function addAgency(db: DbOrTx, actor: CertificateActor, name: string) {
  const { clientRef } = actor;
  const owner = actor.directory ? null : clientRef;
  const [row] = rowsOf(
    await db.execute(sql`
      insert into ${certifyingAgencies} (client_ref, name)
      select ${owner}::int, ${name}
      where not exists (
        select 1 from ${certifyingAgencies}
        where (client_ref is null or client_ref = ${clientRef}) and lower(name) = lower(${name})
      )
      on conflict do nothing
      returning id, name, client_ref is null as "builtIn"
    `),
    agencyRow,
  );
  if (!row) throw new Conflict(VERIFIED_MESSAGES.duplicateAgency);
  return row;
}

/* ---------------------------------------------------------------- certificates */

const certificateRow = z.object({
  id: z.number(),
  supplier_ref: z.number(),
  supplier_name: z.string(),
  duns: z.string(),
  diversity_type: z.string(),
  agency: z.string(),
  certificate_number: z.string().nullable(),
  issue_date: z.string(),
  expiry_date: z.string(),
  status: z.enum(RECORDED_STATUSES),
  status_date: z.string().nullable(),
  derived: z.enum(CERTIFICATE_STATUSES),
  document_name: z.string().nullable(),
  from_directory: z.boolean(),
});
type CertificateRow = z.infer<typeof certificateRow>;

const idRow = z.object({ id: z.number() });
const agencyRow = z.object({ id: z.number(), name: z.string(), builtIn: z.boolean() });

const toCertificate =
  (policy: QualificationPolicy, actor: CertificateActor) =>
  (r: CertificateRow): Certificate => ({
    id: Number(r.id),
    supplierId: Number(r.supplier_ref),
    supplierName: r.supplier_name,
    duns: r.duns,
    diversityType: r.diversity_type,
    agency: r.agency,
    certificateNumber: r.certificate_number,
    issueDate: r.issue_date,
    expiryDate: r.expiry_date,
    recordedStatus: r.status,
    statusDate: r.status_date,
    status: r.derived,
    accepted:
      r.agency === SELF_CERTIFICATION
        ? policy.acceptSelfCertified
        : policy.acceptedAgencies === null || policy.acceptedAgencies.includes(r.agency),
    documentName: r.document_name,
    fromDirectory: r.from_directory,
    editable: !r.from_directory || actor.directory,
  });

const certificateColumns = (today: string, windowDays: number) => sql`
  c.id, c.supplier_ref, d.name as supplier_name, d.duns, c.diversity_type, c.agency,
  c.certificate_number, c.issue_date::text, c.expiry_date::text, c.status,
  c.status_date::text, ${statusSql(today, windowDays)} as derived, c.document_name,
  c.client_ref is null as from_directory`;

/** The directory's certificates and the organisation's own (both, when a supplier has both). */
export async function listCertificates(
  db: DbOrTx,
  actor: CertificateActor,
  request: CertificateListRequest,
  today: string,
): Promise<{ rows: Certificate[]; total: number }> {
  const { clientRef } = actor;
  const policy = await getPolicy(db, clientRef);
  const where: SQL[] = [visibleCertificate(clientRef)];
  if (request.source === 'DIRECTORY') where.push(sql`c.client_ref is null`);
  if (request.source === 'OWN') where.push(sql`c.client_ref is not null`);
  if (request.status) {
    where.push(sql`${statusSql(today, policy.expiringWindowDays)} = ${request.status}`);
  }
  if (request.agency) where.push(sql`c.agency = ${request.agency}`);
  if (request.diversityType) where.push(sql`c.diversity_type = ${request.diversityType}`);
  if (request.supplierId) where.push(sql`c.supplier_ref = ${request.supplierId}`);
  const filter = sql.join(where, sql` and `);
  const direction = request.sortOrder === 'desc' ? sql`desc` : sql`asc`;
  const order =
    request.sortOn === 'supplierName'
      ? sql`lower(d.name) ${direction}, c.expiry_date, c.id`
      : sql`c.expiry_date ${direction}, lower(d.name), c.id`;
  const rows = rowsOf(
    await db.execute(sql`
      select ${certificateColumns(today, policy.expiringWindowDays)}, count(*) over () as total
      from ${supplierCertificates} c join ${supplierDirectory} d on d.id = c.supplier_ref
      where ${filter}
      order by ${order}
      ${pageWindow(request)}
    `),
    certificateRow.extend({ total: dbNumber }),
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && request.pageNumber > 0) {
    const [count] = rowsOf(
      await db.execute(sql`
        select count(*)::int as n
        from ${supplierCertificates} c join ${supplierDirectory} d on d.id = c.supplier_ref
        where ${filter}`),
      z.object({ n: z.number() }),
    );
    total = Number(count?.n ?? 0);
  }
  return { rows: rows.map(toCertificate(policy, actor)), total };
}

/** A certificate the organisation reads (its own or the directory's), else NotFound. */
export async function getCertificate(
  db: DbOrTx,
  actor: CertificateActor,
  id: number,
  today: string,
): Promise<Certificate> {
  const policy = await getPolicy(db, actor.clientRef);
  const [row] = rowsOf(
    await db.execute(sql`
      select ${certificateColumns(today, policy.expiringWindowDays)}
      from ${supplierCertificates} c join ${supplierDirectory} d on d.id = c.supplier_ref
      where ${visibleCertificate(actor.clientRef)} and c.id = ${id}
    `),
    certificateRow,
  );
  if (!row) throw new NotFound('Certificate not found');
  return toCertificate(policy, actor)(row);
}

/** Throws unless `actor` may change certificate `id`: NotFound or Forbidden (refuseChange). */
export async function assertWritable(db: DbOrTx, actor: CertificateActor, id: number) {
  const [row] = rowsOf(
    await db.execute(sql`
      select c.id from ${supplierCertificates} c where ${writable(actor)} and c.id = ${id}
    `),
    idRow,
  );
  if (!row) await refuseChange(db, actor, id);
}

/**
 * Attaches a stored document to a certificate `actor` may change (NotFound for another
 * organisation's, Forbidden for the directory's unless it keeps the directory) and answers the
 * key it replaced, for the caller to remove.
 */
export async function setCertificateDocument(
  db: DbOrTx,
  actor: CertificateActor,
  id: number,
  document: { key: string; name: string },
): Promise<{ previousKey: string | null }> {
  const [row] = rowsOf(
    await db.execute(sql`
      update ${supplierCertificates} c set document_key = ${document.key},
        document_name = ${document.name}, updated_at = now()
      from (select c.id, c.document_key from ${supplierCertificates} c
        where ${writable(actor)} and c.id = ${id} for update) old
      where c.id = old.id
      returning old.document_key as previous_key
    `),
    z.object({ previous_key: z.string().nullable() }),
  );
  if (!row) return refuseChange(db, actor, id);
  return { previousKey: row.previous_key };
}

/** The document of a certificate the organisation reads, or NotFound (none, or another organisation's). */
export async function certificateDocument(
  db: DbOrTx,
  clientRef: number,
  id: number,
): Promise<{ key: string; name: string }> {
  const [row] = rowsOf(
    await db.execute(sql`
      select c.document_key, c.document_name from ${supplierCertificates} c
      where ${visibleCertificate(clientRef)} and c.id = ${id}
    `),
    z.object({ document_key: z.string().nullable(), document_name: z.string().nullable() }),
  );
  if (!row?.document_key) throw new NotFound('Document not found');
  return { key: row.document_key, name: row.document_name ?? 'certificate' };
}

/**
 * The agency's name as listed, or a field error. A directory certificate names a shared agency
 * (every organisation's policy must be able to accept it); an organisation's own, any it knows.
 */
async function checkAgency(db: DbOrTx, actor: CertificateActor, agency: string): Promise<string> {
  const found = (await listAgencies(db, actor.clientRef)).find(
    (a) => a.name.toLowerCase() === agency.toLowerCase() && (a.builtIn || !actor.directory),
  );
  if (!found) throw ValidationError.field('agency', VERIFIED_MESSAGES.unknownAgency);
  return found.name;
}

/**
 * Adds (no id) or changes a certificate; the supplier must be in the directory. What the
 * platform's admins add is the directory's (every organisation reads it); what a buyer adds is
 * its own.
 */
export async function saveCertificate(
  db: DbOrTx,
  actor: CertificateActor,
  input: CertificateInput,
  today: string,
): Promise<Certificate> {
  if (input.id !== undefined) await assertWritable(db, actor, input.id);
  const agency = await checkAgency(db, actor, input.agency);
  const owner = actor.directory ? null : actor.clientRef;
  if (!(await supplierExists(db, input.supplierId))) throw new NotFound('Supplier not found');
  const statusDate = input.status === 'ACTIVE' ? null : (input.statusDate ?? null);
  const values = {
    type: input.diversityType,
    number: input.certificateNumber ?? null,
  };
  let id: number | undefined;
  if (input.id === undefined) {
    const [row] = rowsOf(
      await db.execute(sql`
        insert into ${supplierCertificates} (client_ref, supplier_ref, diversity_type, agency,
          certificate_number, issue_date, expiry_date, status, status_date)
        values (${owner}::int, ${input.supplierId}, ${values.type}, ${agency}, ${values.number},
          ${input.issueDate}, ${input.expiryDate}, ${input.status}, ${statusDate})
        returning id
      `),
      idRow,
    );
    id = row?.id;
  } else {
    const [row] = rowsOf(
      await db.execute(sql`
        update ${supplierCertificates} c set supplier_ref = ${input.supplierId},
          diversity_type = ${values.type}, agency = ${agency},
          certificate_number = ${values.number}, issue_date = ${input.issueDate},
          expiry_date = ${input.expiryDate}, status = ${input.status},
          status_date = ${statusDate}, updated_at = now()
        where ${writable(actor)} and c.id = ${input.id}
        returning c.id
      `),
      idRow,
    );
    if (!row) return refuseChange(db, actor, input.id);
    id = row.id;
  }
  return getCertificate(db, actor, Number(id), today);
}

export async function deleteCertificate(db: DbOrTx, actor: CertificateActor, id: number) {
  const [row] = rowsOf(
    await db.execute(sql`
      delete from ${supplierCertificates} c where ${writable(actor)} and c.id = ${id}
      returning c.id, c.document_key
    `),
    idRow.extend({ document_key: z.string().nullable() }),
  );
  if (!row) return refuseChange(db, actor, id);
  return { documentKey: row.document_key };
}
