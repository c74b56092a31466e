/**
 * Certificates of directory suppliers, the agencies an organisation recognises and its
 * qualification policy. An organisation reads the directory's certificates
 * (`client_ref` null: the supplier-list upload's, or added by the platform's admins) and its own;
 * it changes only its own, the platform's admins only the directory's. Another organisation's
 * certificate answers NotFound like a missing one.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import {
  bare,
  columnList,
  dbNumber,
  pageWindow,
  selectAs,
  setFromExcluded,
} from '../../platform/sql.ts';
import { supplierExists } from '../../domain/supplier-matching.ts';
import {
  certificatePolicies,
  certifyingAgencies,
  supplierCertificates,
  supplierDirectory,
} from '../../db/schema/index.ts';

export { getPolicy, qualifiesSql };

/** Certificates `c` (verified-rule.ts's fragments), their suppliers `d`. */
const c = alias(supplierCertificates, 'c');
const d = alias(supplierDirectory, 'd');

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
    ? sql`(${c.clientRef} is null or ${c.clientRef} = ${actor.clientRef})`
    : sql`${c.clientRef} = ${actor.clientRef}`;

/**
 * NotFound when `actor` cannot read certificate `id` (missing, or another organisation's);
 * Forbidden when it reads it from the directory but may not change it.
 */
async function refuseChange(db: DbOrTx, actor: CertificateActor, id: number): Promise<never> {
  const [row] = rowsOf(
    await db.execute(sql`
      select ${c.id} from ${supplierCertificates} ${c}
      where ${visibleCertificate(actor.clientRef)} and ${c.id} = ${id}
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
  const p = certificatePolicies;
  const saved = [
    p.acceptedAgencies,
    p.acceptSelfCertified,
    p.graceMonths,
    p.expiringWindowDays,
    p.countingRule,
  ];
  await db.execute(sql`
    insert into ${p} (${columnList(p.clientRef, ...saved)})
    values (${clientRef},
      (select array(select jsonb_array_elements_text(${accepted}::jsonb)) where ${accepted}::jsonb is not null),
      ${policy.acceptSelfCertified}, ${policy.graceMonths}, ${policy.expiringWindowDays},
      ${policy.countingRule})
    on conflict (${columnList(p.clientRef)}) do update set
      ${setFromExcluded(...saved)},
      ${bare(p.updatedAt)} = now()
  `);
  return getPolicy(db, clientRef);
}

/** The derived status of certificate `c` on `today` under a policy (certificateStatus in SQL). */
export function statusSql(
  today: string,
  policy: Pick<QualificationPolicy, 'expiringWindowDays' | 'graceMonths'>,
): SQL {
  return sql`case
    when ${c.status} <> 'ACTIVE' and (${c.statusDate} is null or ${c.statusDate} <= ${today}::date)
      then ${c.status}
    when ${c.expiryDate} < ${today}::date
      and (${c.expiryDate} + ${policy.graceMonths} * interval '1 month')::date >= ${today}::date
      then 'IN_GRACE'
    when ${c.expiryDate} < ${today}::date then 'EXPIRED'
    when ${c.expiryDate} - ${today}::date <= ${policy.expiringWindowDays} then 'EXPIRING'
    else 'VALID' end`;
}

/* ---------------------------------------------------------------- agencies */

/**
 * The agencies the organisation knows: the shared ones (built in, or added by the platform's
 * admins) first, then its own; a name in both lists once, as the shared one.
 */
export async function listAgencies(db: DbOrTx, clientRef: number) {
  const a = certifyingAgencies;
  const rows = rowsOf(
    await db.execute(sql`
      select ${a.id}, ${a.name}, ${a.clientRef} is null as "builtIn" from ${a}
      where ${a.clientRef} is null or ${a.clientRef} = ${clientRef}
      order by ${a.clientRef} nulls first, ${a.id}
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
  const a = certifyingAgencies;
  const [row] = rowsOf(
    await db.execute(sql`
      insert into ${a} (${columnList(a.clientRef, a.name)})
      select ${owner}::int, ${name}
      where not exists (
        select 1 from ${a}
        where (${a.clientRef} is null or ${a.clientRef} = ${clientRef})
          and lower(${a.name}) = lower(${name})
      )
      on conflict do nothing
      returning ${a.id}, ${a.name}, ${a.clientRef} is null as "builtIn"
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

const certificateColumns = (
  today: string,
  policy: Pick<QualificationPolicy, 'expiringWindowDays' | 'graceMonths'>,
) =>
  selectAs({
    id: c.id,
    supplier_ref: c.supplierRef,
    supplier_name: d.name,
    duns: d.duns,
    diversity_type: c.diversityType,
    agency: c.agency,
    certificate_number: c.certificateNumber,
    issue_date: sql`${c.issueDate}::text`,
    expiry_date: sql`${c.expiryDate}::text`,
    status: c.status,
    status_date: sql`${c.statusDate}::text`,
    derived: statusSql(today, policy),
    document_name: c.documentName,
    from_directory: sql`${c.clientRef} is null`,
  });

/** The certificates `c` with their suppliers `d`. */
const withSuppliers = sql`${supplierCertificates} ${c} join ${supplierDirectory} ${d} on ${d.id} = ${c.supplierRef}`;

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
  if (request.source === 'DIRECTORY') where.push(sql`${c.clientRef} is null`);
  if (request.source === 'OWN') where.push(sql`${c.clientRef} is not null`);
  if (request.status) {
    where.push(sql`${statusSql(today, policy)} = ${request.status}`);
  }
  if (request.agency) where.push(sql`${c.agency} = ${request.agency}`);
  if (request.diversityType) where.push(sql`${c.diversityType} = ${request.diversityType}`);
  if (request.supplierId) where.push(sql`${c.supplierRef} = ${request.supplierId}`);
  const filter = sql.join(where, sql` and `);
  const direction = request.sortOrder === 'desc' ? sql`desc` : sql`asc`;
  const order =
    request.sortOn === 'supplierName'
      ? sql`lower(${d.name}) ${direction}, ${c.expiryDate}, ${c.id}`
      : sql`${c.expiryDate} ${direction}, lower(${d.name}), ${c.id}`;
  const rows = rowsOf(
    await db.execute(sql`
      select ${certificateColumns(today, policy)}, count(*) over () as total
      from ${withSuppliers}
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
        from ${withSuppliers}
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
      select ${certificateColumns(today, policy)}
      from ${withSuppliers}
      where ${visibleCertificate(actor.clientRef)} and ${c.id} = ${id}
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
      select ${c.id} from ${supplierCertificates} ${c} where ${writable(actor)} and ${c.id} = ${id}
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
      update ${supplierCertificates} ${c} set ${bare(c.documentKey)} = ${document.key},
        ${bare(c.documentName)} = ${document.name}, ${bare(c.updatedAt)} = now()
      from (select ${c.id}, ${c.documentKey} from ${supplierCertificates} ${c}
        where ${writable(actor)} and ${c.id} = ${id} for update) old
      where ${c.id} = old.id
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
      select ${c.documentKey}, ${c.documentName} from ${supplierCertificates} ${c}
      where ${visibleCertificate(clientRef)} and ${c.id} = ${id}
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
  const t = supplierCertificates;
  if (input.id === undefined) {
    const [row] = rowsOf(
      await db.execute(sql`
        insert into ${t} (${columnList(
          t.clientRef,
          t.supplierRef,
          t.diversityType,
          t.agency,
          t.certificateNumber,
          t.issueDate,
          t.expiryDate,
          t.status,
          t.statusDate,
        )})
        values (${owner}::int, ${input.supplierId}, ${values.type}, ${agency}, ${values.number},
          ${input.issueDate}, ${input.expiryDate}, ${input.status}, ${statusDate})
        returning ${t.id}
      `),
      idRow,
    );
    id = row?.id;
  } else {
    const [row] = rowsOf(
      await db.execute(sql`
        update ${t} ${c} set ${bare(t.supplierRef)} = ${input.supplierId},
          ${bare(t.diversityType)} = ${values.type}, ${bare(t.agency)} = ${agency},
          ${bare(t.certificateNumber)} = ${values.number}, ${bare(t.issueDate)} = ${input.issueDate},
          ${bare(t.expiryDate)} = ${input.expiryDate}, ${bare(t.status)} = ${input.status},
          ${bare(t.statusDate)} = ${statusDate}, ${bare(t.updatedAt)} = now()
        where ${writable(actor)} and ${c.id} = ${input.id}
        returning ${c.id}
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
      delete from ${supplierCertificates} ${c} where ${writable(actor)} and ${c.id} = ${id}
      returning ${c.id}, ${c.documentKey}
    `),
    idRow.extend({ document_key: z.string().nullable() }),
  );
  if (!row) return refuseChange(db, actor, id);
  return { documentKey: row.document_key };
}
