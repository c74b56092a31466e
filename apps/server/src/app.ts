/**
 * Builds the Fastify instance (used by main.ts and by the tests). Plugins register in one order:
 * external (helmet, rate limit, multipart, swagger) → platform (db, storage, mail, auth) → modules
 * → the web app and its SPA fallback.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { invitationsPlugin } from './platform/accounts.ts';
import { apiDocument, withSuccessReplies } from './platform/api-document.ts';
import { authPlugin } from './platform/auth.ts';
import { importJobsPlugin } from './platform/import-jobs.ts';
import { errorHandler, jsonBodies, refuseControlCharacters, routeIndex } from './platform/http.ts';
import { queryLimitsPlugin } from './platform/query-limits.ts';
import { zodValidatorCompiler } from './platform/validate.ts';
import { zodResponseSerializer } from './platform/serialize.ts';
import { loggerOptions } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { BackgroundTasks } from './platform/background.ts';
import { Throttle, sharedRateLimitStore } from './platform/throttle.ts';
import { resolveJwtSecret } from './platform/secrets.ts';
import { signedUrlsPlugin } from './platform/signed-urls.ts';
import { sweepTempFiles, tempRoot } from './platform/temp-files.ts';
import { openStorage, type Storage } from './platform/storage.ts';
import { registerWeb } from './platform/web.ts';
import { apiTokenRoutes } from './modules/api-tokens/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { costSavingRoutes } from './modules/cost-savings/routes.ts';
import { marketShareRoutes } from './modules/market-share/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { userAdminRoutes } from './modules/users/admin-routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { trainingRoutes } from './modules/training/routes.ts';
import { ratingRoutes } from './modules/ratings/routes.ts';
import { diversityEventRoutes } from './modules/diversity-events/routes.ts';
import { searchSupplierRoutes } from './modules/search-supplier/routes.ts';
import { spendImportRoutes } from './modules/spend/import-routes.ts';
import { spendRoutes } from './modules/spend/routes.ts';
import { spendDashboardRoutes } from './modules/spend-dashboards/routes.ts';
import { goalRoutes } from './modules/goals/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { attentionPlugin } from './platform/attention.ts';
import { rfxRoutes } from './modules/rfx/routes.ts';
import { verifiedDiversityRoutes } from './modules/verified-diversity/routes.ts';
import { programRoutes } from './modules/programs/routes.ts';
import { tier2Routes } from './modules/tier2/routes.ts';
import { userRoutes } from './modules/users/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    storage: Storage;
    mailer: Mailer;
    settings: { appName: string; supportEmail: string };
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Defaults to the configured log level; tests pass false. */
  logger?: boolean;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: NodeJS.WritableStream;
  storage?: Storage;
}

/** Trusts the first `hops` proxies counted from this server (what a hop count means to Fastify). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...loggerOptions(config.logLevel),
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Client addresses come from the socket unless TRUST_PROXY names the proxies in front:
    // trusting every X-Forwarded-For would let any client pick its own address.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // What the router refuses before any route runs (a path parameter over 100 characters: 414;
    // an address that does not decode: 400) answers with the error body every route declares.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.statusCode === 414;
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send({ message: tooLong ? 'The address is too long' : 'The address is not valid' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodResponseSerializer({ checkShape: config.env !== 'production' }));
  app.setErrorHandler(errorHandler);
  await app.register(queryLimitsPlugin, config.queryLimits);
  await app.register(routeIndex);
  await app.register(jsonBodies);
  await app.register(refuseControlCharacters);

  // External
  // Helmet's headers, its middleware built once: @fastify/helmet built it again for every
  // request (its CSP directives parsed each time, ~4% of a small request's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Training videos added by link play from their own hosts (plain http for intranets).
        mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
        frameSrc: [
          'https://www.youtube-nocookie.com',
          'https://www.youtube.com',
          'https://player.vimeo.com',
        ],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS over plain HTTP is ignored by browsers at best; it is sent only over HTTPS (below).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });
  // JSON (and other text) replies above 1 KB go out brotli- or gzip-compressed when the browser
  // accepts it; the web app's assets are already compressed at build time (platform/web.ts), and
  // a reply that carries its own Content-Encoding is left alone. Compressed request bodies are
  // not accepted: nothing sends them, and inflating them would sidestep the body limit.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  // On PostgreSQL the per-IP counters are in the database, shared by every process (#20).
  await app.register(rateLimit, {
    global: false,
    ...(database.kind === 'postgres' ? { store: sharedRateLimitStore(database.db) } : {}),
  });
  await app.register(multipart, {
    limits: { fileSize: config.limits.imageBytes, files: 1, fields: 50, parts: 60 },
    throwFileSizeLimit: true,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.appName} API`, version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // An organisation API token (`Authorization: Bearer spz_…`): a route's
          // `x-api-token-scopes` names the scopes it takes; every other route refuses it (403).
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'spz_ API token',
            description:
              'An organisation API token, made by a Buyer Admin with the scopes `spend:upload` ' +
              'and/or `read`. A route that takes one lists its scopes in `x-api-token-scopes`; ' +
              'every other route answers 403 to a token.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? withSuccessReplies(document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Platform
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('db', database.db);
        const swept = sweepTempFiles(config.dataDir);
        if (swept > 0)
          instance.log.info({ swept }, 'removed temporary files left by a stopped server');
        instance.decorate('tempDir', tempRoot(config.dataDir));
        const background = new BackgroundTasks(instance.log);
        instance.decorate('background', background);
        instance.addHook('onClose', () => background.idle());
        instance.decorate(
          'storage',
          options.storage ?? (await openStorage(config.storageUrl, database, config.dataDir)),
        );
        instance.decorate(
          'mailer',
          await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: instance.log }),
        );
        instance.decorate('settings', {
          appName: config.appName,
          supportEmail: config.supportEmail,
        });
      },
      { name: 'db' },
    ),
  );
  await app.register(authPlugin, {
    secret: jwtSecret,
    expiresIn: config.jwtExpiresIn,
  });
  await app.register(signedUrlsPlugin, { secret: jwtSecret });
  await app.register(attentionPlugin);
  // After the guards, which it reads; before the modules, whose error replies it declares.
  await app.register(apiDocument);
  await app.register(importJobsPlugin, {
    kind: database.kind,
    dataDir: config.dataDir,
    claims: config.runImportJobs,
  });
  await app.register(invitationsPlugin, {
    codeSecret: jwtSecret,
    appName: config.appName,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });

  // Modules
  const throttle = new Throttle(app.db, config.authRateLimit.windowMs);
  const sweep = setInterval(() => {
    throttle.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'throttle sweep'));
  }, config.authRateLimit.windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  await app.register(healthRoutes, { databaseKind: database.kind });
  await app.register(authRoutes, {
    throttle,
    limits: {
      perAccountAndSource: config.authRateLimit.perAccount,
      perAccountTotal: config.authRateLimit.perAccountTotal,
      codesPerAccount: config.authRateLimit.codesPerAccount,
      codesPerAccountTotal: config.authRateLimit.codesPerAccountTotal,
    },
    codeSecret: jwtSecret,
    appName: config.appName,
    ipLimit: { max: config.authRateLimit.perIp, timeWindow: config.authRateLimit.windowMs },
  });
  await app.register(userRoutes, {
    maxImageBytes: config.limits.imageBytes,
    oldPasswordChecks: { throttle, limit: config.authRateLimit.perAccount },
  });
  await app.register(userAdminRoutes);
  await app.register(clientRoutes, { appName: config.appName });
  await app.register(auditRoutes);
  await app.register(apiTokenRoutes);
  await app.register(mailRoutes);
  await app.register(reportRoutes);
  await app.register(trainingRoutes, {
    maxBytes: { video: config.limits.videoBytes, module: config.limits.moduleBytes },
  });
  await app.register(spendRoutes);
  await app.register(spendImportRoutes, {
    maxFileBytes: config.limits.spendBytes,
    limits: { ...config.xlsx, maxRows: config.limits.spendRows },
    maxErrors: config.limits.importErrors,
  });
  await app.register(ratingRoutes);
  // Events and supplier lists are small next to spend files: the spend file limits bound them.
  await app.register(diversityEventRoutes, {
    maxFileBytes: config.limits.spendBytes,
    limits: { ...config.xlsx, maxRows: config.limits.spendRows },
  });
  await app.register(searchSupplierRoutes, {
    maxFileBytes: config.limits.spendBytes,
    limits: { ...config.xlsx, maxRows: config.limits.spendRows },
  });
  await app.register(spendDashboardRoutes);
  await app.register(goalRoutes);
  await app.register(costSavingRoutes);
  await app.register(marketShareRoutes);
  await app.register(rfxRoutes);
  await app.register(contractRoutes);
  await app.register(verifiedDiversityRoutes);
  await app.register(programRoutes);
  await app.register(tier2Routes, {
    appName: config.appName,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    maxFileBytes: config.limits.spendBytes,
    limits: { ...config.xlsx, maxRows: 1000 },
  });
  await app.register(homeRoutes);

  await registerWeb(app, config.webDist);
  return app;
}
