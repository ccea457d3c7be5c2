import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Config } from '../../src/config';
import type { DialectName } from '../../src/db/database';
import { createTestApp, type TestApp } from './app';
import { parcelWorld, type ParcelWorld } from './parcels';

/** The stores uploaded files can live in; suites over files run on each. */
export const STORES = ['folder', 's3'] as const;
export type StoreKind = (typeof STORES)[number];

/**
 * One store for a test, seen from outside the platform: the folder through node:fs, the bucket
 * through its own S3 client, so what the tests check does not go through services/storage.ts.
 */
export interface StoreFixture {
  kind: StoreKind;
  /** Config fields that make the server use this store (with DATA_DIR `dataDir`). */
  config: Partial<Pick<Config, 'filesDir' | 'filesUrl' | 's3'>>;
  write(key: string, content: Buffer | string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The stored bytes, or null. */
  read(key: string): Promise<Buffer | null>;
  /** Every stored key with the sha256 of its content. */
  snapshot(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'land-test';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function createStoreFixture(kind: StoreKind, dataDir: string): Promise<StoreFixture> {
  if (kind === 'folder') {
    const root = path.join(dataDir, 'uploads');
    const walk = (rel: string, out: Record<string, string>) => {
      const abs = path.join(root, rel);
      if (!fs.existsSync(abs)) return out;
      for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
        const name = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) walk(name, out);
        else out[name] = sha(fs.readFileSync(path.join(root, name)));
      }
      return out;
    };
    return {
      kind,
      config: { filesDir: root, filesUrl: undefined },
      async write(key, content) {
        fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
        fs.writeFileSync(path.join(root, key), content);
      },
      async remove(key) {
        fs.rmSync(path.join(root, key));
      },
      async read(key) {
        return fs.existsSync(path.join(root, key)) ? fs.readFileSync(path.join(root, key)) : null;
      },
      async snapshot() {
        return walk('', {});
      },
      async close() {},
    };
  }
  // A local S3-compatible server on 127.0.0.1 with a free port, its objects in a temporary folder.
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'land-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const prefix = `t${randomBytes(4).toString('hex')}/uploads`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_KEYS, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const keys = async () => {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/`, ContinuationToken: token }));
      for (const o of page.Contents ?? []) out.push(o.Key!.slice(prefix.length + 1));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  };
  const read = async (key: string): Promise<Buffer | null> => {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${prefix}/${key}` }));
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  };
  return {
    kind,
    config: { filesDir: undefined, filesUrl: `s3://${BUCKET}/${prefix}`, s3: { endpoint, region: 'us-east-1', ...S3_KEYS, forcePathStyle: true } },
    async write(key, content) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix}/${key}`, Body: Buffer.from(content) }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${prefix}/${key}` }));
    },
    read,
    async snapshot() {
      const out: Record<string, string> = {};
      for (const key of (await keys()).sort()) out[key] = sha((await read(key))!);
      return out;
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A test app whose uploads go to one store, in a fresh data folder, with the parcel world's users. */
export interface StoreApp {
  t: TestApp;
  w: ParcelWorld;
  store: StoreFixture;
  dataDir: string;
  close(): Promise<void>;
}

export async function createStoreApp(dialect: DialectName, kind: StoreKind, prefix: string): Promise<StoreApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `land-${prefix}-`));
  const store = await createStoreFixture(kind, dataDir);
  const t = await createTestApp(dialect, { ...store.config, dataDir });
  const w = await parcelWorld(t);
  return {
    t,
    w,
    store,
    dataDir,
    async close() {
      await t.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
