import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { notFound, validationError } from '../lib/errors';

/**
 * Where uploaded files live: a folder (FILES_DIR, default DATA_DIR/uploads) or an S3-compatible
 * object store (FILES_URL=s3://bucket/prefix: MinIO, Alibaba OSS, Tencent COS, AWS S3). Every
 * place that reads or writes uploads goes through this interface — uploads and deletions
 * (services/files.ts), serving under /virtualPath (routes/files.ts), the demo panoramas, backup
 * and restore (services/backup.ts). A key is the stored path without the /virtualPath prefix,
 * e.g. `images/202611/<id>.png`; services/files.ts decides which keys exist.
 */
export interface FileStore {
  readonly kind: 'folder' | 's3';
  /** A local path to write an upload to before it is checked (then given to putFile). */
  tempPath(key: string): Promise<string>;
  /** Stores a checked local file under `key`; the local file is gone afterwards. */
  putFile(key: string, localFile: string): Promise<void>;
  /** Deletes a stored file; A0404 when it is not there. */
  remove(key: string): Promise<void>;
  /** Every stored key, sorted. */
  list(): Promise<string[]>;
  /** Copies a stored file to a local path. */
  download(key: string, localFile: string): Promise<void>;
  /** A stored file's bytes, or null when it is not there (pictures and their thumbnails). */
  read(key: string): Promise<Buffer | null>;
  /** Replaces the whole store with the files under `dir` (a restore). */
  replaceAll(dir: string): Promise<void>;
  /** A local folder for scratch work beside the store (a restore unpacks there). */
  readonly scratchDir: string;
  /** Serves stored files read-only under `prefix`. */
  serve(app: FastifyInstance, options: ServeOptions): Promise<void>;
  close(): void;
}

export interface ServeOptions {
  prefix: string;
  /** Whether `/<key>` is a path the store produces; anything else is not looked up. */
  allowed(pathName: string): boolean;
  /** Headers for a served file (cache, nosniff, attachment). */
  headers(key: string): Record<string, string>;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  mp4: 'video/mp4',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[/\.([a-z0-9]+)$/.exec(key)?.[1] ?? ''] ?? 'application/octet-stream';
}

/** Regular files under `dir`, relative paths with '/', sorted. Links and other kinds are skipped. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(name);
      else if (e.isFile()) out.push(name);
    }
  };
  await walk('');
  return out.sort();
}

const badPath = () => validationError('filepath', '文件路径不正确');

/** The local folder: files under `root`, written by rename so a half-written file is never served. */
export class FolderStore implements FileStore {
  readonly kind = 'folder';
  readonly scratchDir: string;

  constructor(readonly root: string) {
    this.scratchDir = path.dirname(root);
  }

  async tempPath(key: string): Promise<string> {
    // In the target folder under a dot-name (never served), so storing it is a rename.
    const folder = path.join(this.root, path.dirname(key));
    await fsp.mkdir(folder, { recursive: true });
    return path.join(folder, `.${path.basename(key)}.part`);
  }

  async putFile(key: string, localFile: string): Promise<void> {
    const target = path.join(this.root, key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(localFile, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fsp.copyFile(localFile, target);
      await fsp.rm(localFile, { force: true });
    }
  }

  /** The resolved folder must still be inside the store and the file must not be a link. */
  async remove(key: string): Promise<void> {
    const target = path.join(this.root, key);
    let stat: fs.Stats;
    try {
      stat = await fsp.lstat(target);
    } catch {
      throw notFound('文件不存在或已删除');
    }
    if (!stat.isFile()) throw badPath();
    const [realRoot, realFolder] = await Promise.all([fsp.realpath(this.root), fsp.realpath(path.dirname(target))]);
    const inside = path.relative(realRoot, realFolder);
    if (inside.startsWith('..') || path.isAbsolute(inside)) throw badPath();
    await fsp.unlink(target);
  }

  list(): Promise<string[]> {
    return listFiles(this.root);
  }

  async download(key: string, localFile: string): Promise<void> {
    await fsp.copyFile(path.join(this.root, key), localFile);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(path.join(this.root, key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Swaps the folder for `dir` (on the same file system: renames). */
  async replaceAll(dir: string): Promise<void> {
    await fsp.mkdir(path.dirname(this.root), { recursive: true });
    const aside = `${this.root}.before-restore`;
    await fsp.rm(aside, { recursive: true, force: true });
    if (fs.existsSync(this.root)) await fsp.rename(this.root, aside);
    await fsp.rename(dir, this.root);
    await fsp.rm(aside, { recursive: true, force: true });
  }

  async serve(app: FastifyInstance, options: ServeOptions): Promise<void> {
    const root = this.root;
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `${options.prefix}/`,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      etag: true,
      allowedPath: (pathName) => options.allowed(pathName),
      setHeaders(res, filePath) {
        const key = path.relative(root, filePath).split(path.sep).join('/');
        for (const [name, value] of Object.entries(options.headers(key))) res.header(name, value);
      },
    });
  }

  close(): void {}
}

export interface S3Settings {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** s3://bucket/prefix → bucket and prefix (without slashes at either end). */
export function parseFilesUrl(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!m) throw new Error(`FILES_URL=${url}: expected s3://bucket/prefix`);
  return { bucket: m[1], prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

const status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode);

/**
 * An S3-compatible bucket through the AWS SDK v3. Uploads are checked locally first (in the
 * system's temporary folder) and only then put, so a refused file never reaches the bucket.
 */
export class S3Store implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    readonly scratchDir: string,
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
      // default (CRC32 trailers on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  async tempPath(): Promise<string> {
    return path.join(os.tmpdir(), `land-upload-${randomBytes(8).toString('hex')}.part`);
  }

  async putFile(key: string, localFile: string): Promise<void> {
    try {
      const { size } = await fsp.stat(localFile);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          Body: fs.createReadStream(localFile),
          ContentLength: size,
          ContentType: contentTypeOf(key),
        }),
      );
    } finally {
      await fsp.rm(localFile, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    const target = { Bucket: this.settings.bucket, Key: this.objectKey(key) };
    try {
      await this.client.send(new HeadObjectCommand(target));
    } catch (err) {
      if (status(err) === 404) throw notFound('文件不存在或已删除');
      throw err;
    }
    await this.client.send(new DeleteObjectCommand(target));
  }

  async list(): Promise<string[]> {
    const keys: string[] = [];
    const prefix = this.settings.prefix ? `${this.settings.prefix}/` : '';
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key && !item.Key.endsWith('/')) keys.push(item.Key.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async download(key: string, localFile: string): Promise<void> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    await pipeline(res.Body as Readable, fs.createWriteStream(localFile));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    } catch (err) {
      if (status(err) === 404) return null;
      throw err;
    }
  }

  /** Puts every file of `dir`, then deletes the keys the archive does not have. */
  async replaceAll(dir: string): Promise<void> {
    const wanted = await listFiles(dir);
    for (const key of wanted) {
      const copy = path.join(this.scratchDir, `.restore-${randomBytes(6).toString('hex')}`);
      await fsp.copyFile(path.join(dir, key), copy);
      await this.putFile(key, copy);
    }
    const keep = new Set(wanted);
    for (const key of await this.list()) {
      if (!keep.has(key)) await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    }
  }

  /** GET/HEAD from the bucket with the store's headers; Range and If-None-Match are passed on. */
  async serve(app: FastifyInstance, options: ServeOptions): Promise<void> {
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const rest = (req.params as { '*': string })['*'];
      if (!options.allowed(`/${rest}`)) return reply.callNotFound();
      const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
      const ifNoneMatch = typeof req.headers['if-none-match'] === 'string' ? req.headers['if-none-match'] : undefined;
      let res;
      try {
        res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(rest), Range: range, IfNoneMatch: ifNoneMatch }));
      } catch (err) {
        const code = status(err);
        if (code === 404) return reply.callNotFound();
        if (code === 304) return reply.status(304).headers(options.headers(rest)).send();
        if (code === 416) return reply.status(416).send();
        throw err;
      }
      reply.headers(options.headers(rest));
      reply.header('content-type', contentTypeOf(rest)).header('accept-ranges', 'bytes');
      if (res.ETag) reply.header('etag', res.ETag);
      if (res.LastModified) reply.header('last-modified', res.LastModified.toUTCString());
      if (res.ContentLength !== undefined) reply.header('content-length', res.ContentLength);
      if (res.ContentRange) reply.status(206).header('content-range', res.ContentRange);
      if (req.method === 'HEAD') {
        (res.Body as Readable).destroy();
        return reply.send();
      }
      return reply.send(res.Body as Readable);
    };
    app.route({ method: ['GET', 'HEAD'], url: `${options.prefix}/*`, schema: { hide: true }, handler });
  }

  close(): void {
    this.client.destroy();
  }
}

const stores = new WeakMap<Config, FileStore>();

/** Closes the store of this configuration (its S3 client); the next call makes a new one. */
export function closeFileStore(config: Config): void {
  stores.get(config)?.close();
  stores.delete(config);
}

/** The store of this configuration (one per configuration, so one S3 client per process). */
export function fileStoreFor(config: Config): FileStore {
  let store = stores.get(config);
  if (!store) {
    store = config.filesUrl
      ? new S3Store({ ...parseFilesUrl(config.filesUrl), ...config.s3 }, config.dataDir)
      : new FolderStore(config.filesDir ?? path.join(config.dataDir, 'uploads'));
    stores.set(config, store);
  }
  return store;
}
