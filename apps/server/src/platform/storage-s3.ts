/**
 * Files in S3-compatible object storage: AWS S3, MinIO, Cloudflare R2 …, named by
 * `STORAGE_URL=s3://bucket/optional/prefix?endpoint=https://…&region=…` (path-style addressing
 * when an endpoint is given, as MinIO needs). Credentials come from the AWS SDK's own chain
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role), never from the URL.
 *
 * An upload is spooled to DATA_DIR's temporary folder first: a single PUT needs its length, and
 * an object appears only once complete (a failed upload leaves nothing).
 *
 * The SDK is loaded when such a storage is opened: a server on DATA_DIR or PostgreSQL storage
 * never holds it.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { storageKey, type Storage, type StoredObject } from './storage.ts';

export class S3Storage implements Storage {
  readonly kind = 's3';

  constructor(
    private readonly sdk: typeof S3Sdk,
    private readonly client: S3Sdk.S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  /** `options.credentials` only for tests: a deployment's come from the SDK's chain. */
  static async fromUrl(url: string, options: Pick<S3Sdk.S3ClientConfig, 'credentials'> = {}) {
    const sdk = await import('@aws-sdk/client-s3');
    const parsed = new URL(url);
    const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
    const region = parsed.searchParams.get('region') ?? 'us-east-1';
    const client = new sdk.S3Client({
      region,
      // An S3-compatible service: the SDK's default checksums since 2025 send uploads framed as
      // `aws-chunked` with a trailing CRC, which services that do not know it store as part of
      // the object (s3rver, older MinIO …): checksums only where the operation requires them.
      ...(endpoint
        ? {
            endpoint,
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      ...options,
    });
    const prefix = parsed.pathname.replace(/^\/+|\/+$/g, '');
    return new S3Storage(sdk, client, parsed.hostname, prefix ? `${prefix}/` : '');
  }

  private objectKey(key: string) {
    return `${this.prefix}${storageKey.check(key)}`;
  }

  async put(prefix: string, extension: string, body: Readable): Promise<StoredObject> {
    const key = storageKey(prefix, extension, randomUUID());
    return { key, size: await this.write(key, body) };
  }

  async putAs(key: string, body: Readable) {
    await this.write(key, body);
  }

  private async write(key: string, body: Readable) {
    const dir = await mkdtemp(path.join(tmpdir(), 'spotzcity-s3-'));
    const spool = path.join(dir, 'upload');
    try {
      await pipeline(body, createWriteStream(spool));
      if ((body as Readable & { truncated?: boolean }).truncated) {
        throw Object.assign(new Error('truncated'), { code: 'FILE_TOO_LARGE' });
      }
      const { size } = await stat(spool);
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: createReadStream(spool),
          ContentLength: size,
        }),
      );
      return size;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    this.client
      .send(
        new this.sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .then((answer) => {
        const body = answer.Body as Readable;
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async size(key: string) {
    try {
      const head = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (status === 404) return undefined;
      throw error;
    }
  }

  async remove(key: string) {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield object.Key.slice(this.prefix.length);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
