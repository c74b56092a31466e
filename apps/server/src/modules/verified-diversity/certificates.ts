/**
 * Certificates an organisation keeps for directory suppliers, the agencies it recognises and its
 * qualification policy (issue #21). Every query is scoped to the organisation; another
 * organisation's certificate answers NotFound like a missing one.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SELF_CERTIFICATION,
  VERIFIED_MESSAGES,
  type Certificate,
  type CertificateInput,
  type CertificateListRequest,
  type QualificationPolicy,
  type RecordedStatus,
} from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { getPolicy, qualifiesSql } from '../../platform/verified-spend.ts';
import { pageWindow } from '../../platform/sql.ts';

export { getPolicy, qualifiesSql };

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
    insert into certificate_policies (client_ref, accepted_agencies, accept_self_certified,
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

export async function listAgencies(db: DbOrTx, clientRef: number) {
  return rowsOf<{ id: number; name: string; builtIn: boolean }>(
    await db.execute(sql`
      select id, name, client_ref is null as "builtIn" from certifying_agencies
      where client_ref is null or client_ref = ${clientRef}
      order by client_ref nulls first, id
    `),
  );
}

export async function addAgency(db: DbOrTx, clientRef: number, name: string) {
  const [row] = rowsOf<{ id: number; name: string; builtIn: boolean }>(
    await db.execute(sql`
      insert into certifying_agencies (client_ref, name)
      select ${clientRef}, ${name}
      where not exists (
        select 1 from certifying_agencies
        where (client_ref is null or client_ref = ${clientRef}) and lower(name) = lower(${name})
      )
      on conflict do nothing
      returning id, name, false as "builtIn"
    `),
  );
  if (!row) throw new Conflict(VERIFIED_MESSAGES.duplicateAgency);
  return row;
}

/* ---------------------------------------------------------------- certificates */

interface CertificateRow {
  id: number;
  supplier_ref: number;
  supplier_name: string;
  duns: string;
  diversity_type: string;
  agency: string;
  certificate_number: string | null;
  issue_date: string;
  expiry_date: string;
  status: RecordedStatus;
  status_date: string | null;
  derived: Certificate['status'];
  document_name: string | null;
}

const toCertificate =
  (policy: QualificationPolicy) =>
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
  });

const certificateColumns = (today: string, windowDays: number) => sql`
  c.id, c.supplier_ref, d.name as supplier_name, d.duns, c.diversity_type, c.agency,
  c.certificate_number, c.issue_date::text, c.expiry_date::text, c.status,
  c.status_date::text, ${statusSql(today, windowDays)} as derived, c.document_name`;

export async function listCertificates(
  db: DbOrTx,
  clientRef: number,
  request: CertificateListRequest,
  today: string,
): Promise<{ rows: Certificate[]; total: number }> {
  const policy = await getPolicy(db, clientRef);
  const where: SQL[] = [sql`c.client_ref = ${clientRef}`];
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
  const rows = rowsOf<CertificateRow & { total: number }>(
    await db.execute(sql`
      select ${certificateColumns(today, policy.expiringWindowDays)}, count(*) over () as total
      from supplier_certificates c join supplier_directory d on d.id = c.supplier_ref
      where ${filter}
      order by ${order}
      ${pageWindow(request)}
    `),
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && request.pageNumber > 0) {
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n
        from supplier_certificates c join supplier_directory d on d.id = c.supplier_ref
        where ${filter}`),
    );
    total = Number(count?.n ?? 0);
  }
  return { rows: rows.map(toCertificate(policy)), total };
}

export async function getCertificate(
  db: DbOrTx,
  clientRef: number,
  id: number,
  today: string,
): Promise<Certificate> {
  const policy = await getPolicy(db, clientRef);
  const [row] = rowsOf<CertificateRow>(
    await db.execute(sql`
      select ${certificateColumns(today, policy.expiringWindowDays)}
      from supplier_certificates c join supplier_directory d on d.id = c.supplier_ref
      where c.client_ref = ${clientRef} and c.id = ${id}
    `),
  );
  if (!row) throw new NotFound('Certificate not found');
  return toCertificate(policy)(row);
}

/**
 * Attaches a stored document to the organisation's certificate (NotFound for another
 * organisation's) and answers the key it replaced, for the caller to remove.
 */
export async function setCertificateDocument(
  db: DbOrTx,
  clientRef: number,
  id: number,
  document: { key: string; name: string },
): Promise<{ previousKey: string | null }> {
  const [row] = rowsOf<{ previous_key: string | null }>(
    await db.execute(sql`
      update supplier_certificates c set document_key = ${document.key},
        document_name = ${document.name}, updated_at = now()
      from (select id, document_key from supplier_certificates
        where client_ref = ${clientRef} and id = ${id} for update) old
      where c.id = old.id
      returning old.document_key as previous_key
    `),
  );
  if (!row) throw new NotFound('Certificate not found');
  return { previousKey: row.previous_key };
}

/** The organisation's certificate's document, or NotFound (none, or another organisation's). */
export async function certificateDocument(
  db: DbOrTx,
  clientRef: number,
  id: number,
): Promise<{ key: string; name: string }> {
  const [row] = rowsOf<{ document_key: string | null; document_name: string | null }>(
    await db.execute(sql`
      select document_key, document_name from supplier_certificates
      where client_ref = ${clientRef} and id = ${id}
    `),
  );
  if (!row?.document_key) throw new NotFound('Document not found');
  return { key: row.document_key, name: row.document_name ?? 'certificate' };
}

async function checkAgency(db: DbOrTx, clientRef: number, agency: string): Promise<string> {
  const found = (await listAgencies(db, clientRef)).find(
    (a) => a.name.toLowerCase() === agency.toLowerCase(),
  );
  if (!found) throw ValidationError.field('agency', VERIFIED_MESSAGES.unknownAgency);
  return found.name;
}

/** Adds (no id) or changes a certificate; the supplier must be in the directory. */
export async function saveCertificate(
  db: DbOrTx,
  clientRef: number,
  input: CertificateInput,
  today: string,
): Promise<Certificate> {
  const agency = await checkAgency(db, clientRef, input.agency);
  const [supplier] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from supplier_directory where id = ${input.supplierId}`),
  );
  if (!supplier) throw new NotFound('Supplier not found');
  const statusDate = input.status === 'ACTIVE' ? null : (input.statusDate ?? null);
  const values = {
    type: input.diversityType,
    number: input.certificateNumber ?? null,
  };
  let id: number | undefined;
  if (input.id === undefined) {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into supplier_certificates (client_ref, supplier_ref, diversity_type, agency,
          certificate_number, issue_date, expiry_date, status, status_date)
        values (${clientRef}, ${input.supplierId}, ${values.type}, ${agency}, ${values.number},
          ${input.issueDate}, ${input.expiryDate}, ${input.status}, ${statusDate})
        returning id
      `),
    );
    id = row?.id;
  } else {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`
        update supplier_certificates set supplier_ref = ${input.supplierId},
          diversity_type = ${values.type}, agency = ${agency},
          certificate_number = ${values.number}, issue_date = ${input.issueDate},
          expiry_date = ${input.expiryDate}, status = ${input.status},
          status_date = ${statusDate}, updated_at = now()
        where client_ref = ${clientRef} and id = ${input.id}
        returning id
      `),
    );
    if (!row) throw new NotFound('Certificate not found');
    id = row.id;
  }
  return getCertificate(db, clientRef, Number(id), today);
}

export async function deleteCertificate(db: DbOrTx, clientRef: number, id: number) {
  const [row] = rowsOf<{ id: number; document_key: string | null }>(
    await db.execute(sql`
      delete from supplier_certificates where client_ref = ${clientRef} and id = ${id}
      returning id, document_key
    `),
  );
  if (!row) throw new NotFound('Certificate not found');
  return { documentKey: row.document_key };
}
