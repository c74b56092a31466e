/**
 * Verified diversity: certificates, agencies and the qualification policy; the
 * Supplier matching screen and the match rate; the verified figures beside the reported ones.
 * Reading needs the spend report's view; adding and changing certificates and confirming
 * matches its upload permission (Buyer Users have it); deleting certificates and changing the
 * organisation's policy its delete permission (Buyer Admins).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, messageReplySchema, pagedOf } from '@spotzcity/shared/api';
import { MESSAGES, recordId, todayIso } from '@spotzcity/shared/validation';
import {
  COUNTING_RULES,
  VERIFIED_MESSAGES,
  agencyInputSchema,
  agencySchema,
  certificateInputSchema,
  certificateListRequestSchema,
  certificateSchema,
  decidedListRequestSchema,
  decidedMatchSchema,
  directoryOptionSchema,
  directorySearchSchema,
  matchAssignSchema,
  matchListRequestSchema,
  matchRateSchema,
  matchUndoSchema,
  policySchema,
  selectedFilesSchema,
  vendorMatchSchema,
  verifiedFiguresSchema,
  verifiedSuppliersSchema,
} from '@spotzcity/shared/verified-diversity';
import { Readable } from 'node:stream';
import { spendBaseQuerySchema } from '@spotzcity/shared/spend-dashboards';
import type { Db } from '../../db/client.ts';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import {
  registerOrganisationRead,
  registerOrganisationWrite,
} from '../../platform/organisation-routes.ts';
import type { FileScope } from '../../platform/sql.ts';
import { nonAddressableSpendCategories } from '../../domain/addressable.ts';
import { sendStoredFile } from '../../platform/downloads.ts';
import { cleanFileName, readSmallForm, sniffImage } from '../../platform/uploads.ts';
import { ok, paged } from '../../platform/http.ts';
import { ValidationError } from '../../platform/errors.ts';
import {
  addAgency,
  assertWritable,
  certificateDocument,
  deleteCertificate,
  getCertificate,
  setCertificateDocument,
  getPolicy,
  listAgencies,
  listCertificates,
  saveCertificate,
  savePolicy,
} from './certificates.ts';
import { decideVendor, listDecidedVendors, searchDirectory, undoDecision } from './decisions.ts';
import { listUncertainVendors, matchRate, verifiedFigures, verifiedSuppliers } from './figures.ts';
import { ACCESS, mayAccess } from '@spotzcity/shared/permissions';
import type { FastifyRequest } from 'fastify';
import type { CertificateActor } from './certificates.ts';
import { multipartForm } from '../../platform/validate.ts';
import { certificatesAtRisk, unmatchedVendors } from './attention.ts';
import {
  drillDownSchema,
  verifiedDrillExcelSchema,
  verifiedDrillRequestSchema,
} from '@spotzcity/shared/drill-down';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { verifiedDrillDown, verifiedDrillWorkbook } from './drill-down.ts';

const idSchema = z.object({ id: recordId() });

/**
 * The signed-in user as a certificate actor: whoever may change the supplier directory (Super
 * User, Super Admin) keeps the directory's certificates; everyone else their organisation's.
 */
function actorOf(request: FastifyRequest): CertificateActor {
  const principal = principalOf(request);
  return {
    clientRef: principal.clientRef,
    directory: mayAccess(principal.permissions, ACCESS.searchSupplier.uploadFile),
  };
}

/** A certificate's scanned document: a PDF or a picture, at most 10 MB. */
export const CERTIFICATE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
const DOCUMENT_PREFIX = 'certificates';
const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** What the bytes really are (a PDF or a picture), whatever the name says; else undefined. */
function documentKind(data: Buffer): string | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return sniffImage(data)?.ext;
}

export const verifiedDiversityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.attention.provide('certificates', certificatesAtRisk);
  app.attention.provide('matching', unmatchedVendors);
  const tags = ['verified diversity'];
  const readers = app.guard(ACCESS.supplierAndSpend.verifiedRead);
  const editors = app.guard(ACCESS.supplierAndSpend.verifiedEdit);
  const admins = app.guard(ACCESS.supplierAndSpend.verifiedAdmin);

  /** POST `url`: a figure of the caller's selected spend files (`{ selectedIds }`), for readers. */
  const selectionRoute = (
    url: string,
    description: string,
    reply: z.ZodType,
    figure: (db: Db, scope: FileScope) => Promise<unknown>,
  ) =>
    app.post(
      url,
      {
        onRequest: readers,
        schema: {
          tags,
          description,
          body: selectedFilesSchema,
          response: { 200: envelopeOf(reply) },
        },
      },
      async (request) =>
        ok(
          await figure(app.db, {
            clientRef: principalOf(request).clientRef,
            selectedIds: request.body.selectedIds,
          }),
        ),
    );
  const certificateReply = { 200: envelopeOf(certificateSchema) };
  const today = () => todayIso();

  app.post(
    '/api/certificates/list',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "The directory's certificates and the organisation's own, paged; filters status " +
          '(derived today), agency, diversityType, supplierId, source (DIRECTORY or OWN); sortOn ' +
          'expiryDate (default) or supplierName.',
        body: certificateListRequestSchema,
        response: { 200: pagedOf(certificateSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listCertificates(
        app.db,
        actorOf(request),
        request.body,
        today(),
      );
      return paged(rows, total, request.body);
    },
  );

  for (const method of ['post', 'put'] as const) {
    app[method](
      '/api/certificates/create',
      {
        onRequest: editors,
        schema: {
          tags,
          description:
            method === 'post'
              ? 'Adds a certificate to a directory supplier.'
              : 'Changes a certificate (body with its id).',
          body: certificateInputSchema,
          response: certificateReply,
        },
      },
      async (request) => {
        if (method === 'put' && request.body.id === undefined) {
          throw ValidationError.field('id', MESSAGES.required);
        }
        const input = method === 'put' ? request.body : { ...request.body, id: undefined };
        const certificate = await saveCertificate(app.db, actorOf(request), input, today());
        return ok(certificate, VERIFIED_MESSAGES.saved);
      },
    );
  }

  app.delete(
    '/api/certificates/delete',
    {
      onRequest: admins,
      schema: {
        tags,
        description: 'Deletes a certificate (`id` in the query) and its document.',
        querystring: idSchema,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const { documentKey } = await deleteCertificate(app.db, actorOf(request), request.query.id);
      if (documentKey) await app.storage.remove(documentKey).catch(() => undefined);
      return { message: VERIFIED_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/certificates/document',
    {
      onRequest: editors,
      schema: {
        tags,
        ...multipartForm({}, { file: 'required' }),
        description:
          "Attaches a document (multipart `file`: PDF, PNG, JPEG, GIF or WebP, at most 10 MB) to the organisation's certificate `id` (query), replacing any earlier one.",
        querystring: idSchema,
        response: certificateReply,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.query;
      // Another organisation's certificate answers 404 (a directory one 403, unless the user
      // keeps the directory) before anything is read or stored.
      await assertWritable(app.db, actor, id);
      const form = await readSmallForm(request, CERTIFICATE_DOCUMENT_MAX_BYTES);
      const file = form.files.file;
      if (!file) throw ValidationError.field('file', MESSAGES.required);
      const kind = documentKind(file.data);
      if (!kind) {
        throw ValidationError.field('file', VERIFIED_MESSAGES.documentType);
      }
      const stored = await app.storage.put(DOCUMENT_PREFIX, kind, Readable.from(file.data));
      try {
        const { previousKey } = await setCertificateDocument(app.db, actor, id, {
          key: stored.key,
          name: cleanFileName(file.filename, `certificate.${kind}`),
        });
        if (previousKey) await app.storage.remove(previousKey).catch(() => undefined);
      } catch (error) {
        await app.storage.remove(stored.key).catch(() => undefined);
        throw error;
      }
      return ok(await getCertificate(app.db, actor, id, today()), VERIFIED_MESSAGES.documentSaved);
    },
  );

  app.get(
    '/api/certificates/document',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "The document of the organisation's certificate `id` (query), as an attachment; 404 when it has none or belongs to another organisation.",
        querystring: idSchema,
      },
    },
    async (request, reply) => {
      const { clientRef } = principalOf(request);
      const document = await certificateDocument(app.db, clientRef, request.query.id);
      const ext = document.key.split('.').pop() ?? '';
      return sendStoredFile(request, reply, app.storage, {
        key: document.key,
        fileName: document.name,
        contentType: DOCUMENT_TYPES[ext] ?? 'application/octet-stream',
        disposition: 'attachment',
      });
    },
  );

  registerOrganisationRead(app, {
    url: '/api/certificates/agencies',
    onRequest: readers,
    tags,
    description: 'The certifying agencies: the built-in ones and those the organisation added.',
    reply: z.array(agencySchema),
    read: listAgencies,
  });

  app.post(
    '/api/certificates/agencies',
    {
      onRequest: editors,
      schema: {
        tags,
        description: "Adds an agency to the organisation's list (409 when it is there already).",
        body: agencyInputSchema,
        response: { 200: envelopeOf(agencySchema), ...alsoAnswers(409) },
      },
    },
    async (request) =>
      ok(await addAgency(app.db, actorOf(request), request.body.name), 'Created Successfully'),
  );

  registerOrganisationRead(app, {
    url: '/api/certificates/policy',
    onRequest: readers,
    tags,
    description: "The organisation's qualification policy and default counting rule.",
    reply: policySchema,
    read: getPolicy,
  });

  registerOrganisationWrite(app, {
    method: 'PUT',
    url: '/api/certificates/policy',
    onRequest: admins,
    tags,
    description:
      'Sets the policy: accepted agencies (null = all but self-certification), whether ' +
      'self-certification counts, grace months after expiry (0–12), the expiring window in ' +
      'days and the dashboards’ default counting rule.',
    body: policySchema,
    reply: policySchema,
    write: savePolicy,
    message: VERIFIED_MESSAGES.policySaved,
  });

  app.post(
    '/api/supplierMatching/list',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          'Vendors without a certain match to the directory, largest spend first, with suggestions.',
        body: matchListRequestSchema,
        response: { 200: pagedOf(vendorMatchSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listUncertainVendors(
        app.db,
        principalOf(request).clientRef,
        request.body,
      );
      return paged(rows, total, request.body);
    },
  );

  app.post(
    '/api/supplierMatching/assign',
    {
      onRequest: editors,
      schema: {
        tags,
        description:
          'Confirms or assigns the directory supplier of a vendor (supplierId null: none), for ' +
          'every row of the vendor in every file, and for later files; on any match, an ' +
          'automatic UEI or DUNS one included (an override no import replaces). Recorded in the ' +
          'audit log with the verified spend it moved; 404 for a vendor or supplier not found.',
        body: matchAssignSchema,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const { supplierKey, supplierId } = request.body;
      await decideVendor(app.db, principalOf(request), supplierKey, supplierId);
      return {
        message: supplierId === null ? VERIFIED_MESSAGES.matchRejected : VERIFIED_MESSAGES.matched,
      };
    },
  );

  app.post(
    '/api/supplierMatching/decided',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "The decided matches: people's decisions, newest first, then certain automatic " +
          'matches (UEI, DUNS, …), largest spend first; `how` keeps PERSON or AUTOMATIC ones, ' +
          '`q` those whose vendor or supplier name holds the text. Each with who decided, when, ' +
          'the automatic rule replaced, the verified spend now and the verified spend moved.',
        body: decidedListRequestSchema,
        response: { 200: pagedOf(decidedMatchSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listDecidedVendors(
        app.db,
        principalOf(request).clientRef,
        request.body,
      );
      return paged(rows, total, request.body);
    },
  );

  app.post(
    '/api/supplierMatching/undo',
    {
      onRequest: editors,
      schema: {
        tags,
        description:
          "Undoes a person's decision on a vendor: it is matched again from its rows as an " +
          'import would match it (listed for a decision again unless that match is certain). ' +
          'Recorded in the audit log; 404 for a vendor not found, 409 for an automatic match.',
        body: matchUndoSchema,
        response: { 200: messageReplySchema, ...alsoAnswers(404, 409) },
      },
    },
    async (request) => {
      await undoDecision(app.db, principalOf(request), request.body.supplierKey);
      return { message: VERIFIED_MESSAGES.matchUndone };
    },
  );

  app.get(
    '/api/supplierMatching/suppliers',
    {
      onRequest: editors,
      schema: {
        tags,
        description:
          'Directory suppliers to assign a vendor to: name or DBA name holding `q`, or DUNS ' +
          'beginning with its digits, by name, 20 at most (none under two characters).',
        querystring: directorySearchSchema,
        response: { 200: envelopeOf(z.array(directoryOptionSchema)) },
      },
    },
    async (request) => ok(await searchDirectory(app.db, request.query.q)),
  );

  selectionRoute(
    '/api/supplierMatching/rate',
    'Rows, spend and vendors of the selected files and how much is matched.',
    matchRateSchema,
    matchRate,
  );

  app.post(
    '/api/graph/verifiedSpend',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "Diverse spend and spend per type as reported in the file and verified (the counting rule's text included); `?base=addressable` adds the headline over addressable spend.",
        querystring: spendBaseQuerySchema,
        body: selectedFilesSchema.extend({ countingRule: z.enum(COUNTING_RULES).optional() }),
        response: { 200: envelopeOf(verifiedFiguresSchema) },
      },
    },
    async (request) => {
      const { clientRef } = principalOf(request);
      return ok(
        await verifiedFigures(
          app.db,
          { clientRef, selectedIds: request.body.selectedIds },
          request.body.countingRule,
          request.query.base === 'addressable'
            ? (await nonAddressableSpendCategories(app.db, clientRef)).listed
            : undefined,
        ),
      );
    },
  );

  app.post(
    '/api/drillDown/verified',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "The verified diverse spend of the selected files opened onto its vendors: per vendor its verified spend, the supplier it is matched to and the certificates that qualified (they add up to the figure); with `supplierKey`, that vendor's payments that counted (latest first, at most 500).",
        body: verifiedDrillRequestSchema,
        response: { 200: envelopeOf(drillDownSchema) },
      },
    },
    async (request) => {
      const { selectedIds, supplierKey } = request.body;
      const scope = { clientRef: principalOf(request).clientRef, selectedIds };
      return ok(await verifiedDrillDown(app.db, scope, supplierKey));
    },
  );

  registerDashboardWorkbook(app, {
    path: '/api/excel/drillDown/verified',
    tags,
    access: ACCESS.supplierAndSpend.createReport,
    description:
      'The verified drill-down as a workbook: body {excel: true, spendData: {selectedIds, analysis?}}; Suppliers and Payments sheets.',
    parameters: verifiedDrillExcelSchema,
    build: async (db, clientRef, params) => {
      const scope = { clientRef, selectedIds: params.selectedIds };
      const { parameters, sheets, fileName } = await verifiedDrillWorkbook(db, scope);
      return { meta: { title: fileName, parameters, analysis: params.analysis }, sheets, fileName };
    },
  });

  selectionRoute(
    '/api/graph/verifiedSuppliers',
    'The drill-down of the verified figures: matched suppliers, the match rule and the certificates that qualified.',
    verifiedSuppliersSchema,
    verifiedSuppliers,
  );
};
