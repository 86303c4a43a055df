import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import type { Env } from '../env.ts';
import { tracedClient } from './tracer.ts';

/**
 * Where the audit logs' heads are anchored (docs/data-model.md, 'The audit log'): write-once storage that
 * code able to write the table cannot change. In AWS a bucket with S3 Object Lock in compliance mode; on
 * the local host a directory whose files are created once each. One object per log per anchoring, keyed
 * `logs/{log}/{newest first}-{seq}.json`, so a log's latest anchor is the first key under its folder.
 */
export const auditAnchor = z.object({
  managementCompanyId: z.number().int(),
  seq: z.number().int().min(1),
  hash: z.string(),
  mac: z.string().optional(),
  /** The anchored entry's time. */
  at: z.string(),
  anchoredAt: z.string(),
});
export type AuditAnchor = z.infer<typeof auditAnchor>;

export interface AnchorStore {
  /** Writes a new anchor; never replaces one. */
  put(anchor: AuditAnchor): Promise<void>;
  /** Every log that has an anchor. */
  logs(): Promise<number[]>;
  /** A log's latest anchor, or null. */
  latest(managementCompanyId: number): Promise<AuditAnchor | null>;
}

/** Every anchor is under this folder (the anchor worker's grant names it). */
export const ANCHORS_FOLDER = 'logs/';
/** Milliseconds, counted down from the year 2286, so that later anchors sort first. */
const LAST_MS = 9_999_999_999_999;
const folderOf = (managementCompanyId: number) => `${ANCHORS_FOLDER}${managementCompanyId}/`;
export const anchorKey = (anchor: AuditAnchor) =>
  `${folderOf(anchor.managementCompanyId)}${String(LAST_MS - Date.parse(anchor.anchoredAt)).padStart(13, '0')}-${anchor.seq}.json`;
const logOf = (folder: string) => Number(folder.slice(ANCHORS_FOLDER.length).replace(/\/$/, ''));
const parse = (text: string) => auditAnchor.parse(JSON.parse(text));

export const s3AnchorStore = (
  env: Env<'AWS_REGION' | 'AUDIT_ANCHOR_BUCKET'>,
  client?: S3Client,
): AnchorStore => {
  const s3 = tracedClient(() => client ?? new S3Client({ region: env.AWS_REGION }));
  const Bucket = env.AUDIT_ANCHOR_BUCKET;
  return {
    async put(anchor) {
      await s3().send(
        new PutObjectCommand({
          Bucket,
          Key: anchorKey(anchor),
          Body: JSON.stringify(anchor),
          ContentType: 'application/json',
          // Object Lock requires a checksum on every write; the bucket's default retention locks the object.
          ChecksumAlgorithm: 'SHA256',
          IfNoneMatch: '*',
        }),
      );
    },
    async logs() {
      const found: number[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3().send(
          new ListObjectsV2Command({ Bucket, Prefix: ANCHORS_FOLDER, Delimiter: '/', ContinuationToken }),
        );
        for (const prefix of page.CommonPrefixes ?? []) if (prefix.Prefix) found.push(logOf(prefix.Prefix));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return found;
    },
    async latest(managementCompanyId) {
      const { Contents } = await s3().send(
        new ListObjectsV2Command({ Bucket, Prefix: folderOf(managementCompanyId), MaxKeys: 1 }),
      );
      const key = Contents?.[0]?.Key;
      if (!key) return null;
      const { Body } = await s3().send(new GetObjectCommand({ Bucket, Key: key }));
      return Body ? parse(await Body.transformToString()) : null;
    },
  };
};

/** Files under `dir`, each created once ('wx'), the local host's stand-in for the Object Lock bucket. */
export const localAnchorStore = (dir: string): AnchorStore => {
  const files = async (path: string) =>
    readdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  return {
    async put(anchor) {
      const path = join(dir, anchorKey(anchor));
      await mkdir(join(dir, folderOf(anchor.managementCompanyId)), { recursive: true });
      await writeFile(path, JSON.stringify(anchor), { flag: 'wx', mode: 0o444 });
    },
    async logs() {
      return (await files(join(dir, ANCHORS_FOLDER))).map((name) => logOf(`${ANCHORS_FOLDER}${name}`));
    },
    async latest(managementCompanyId) {
      const folder = join(dir, folderOf(managementCompanyId));
      const [first] = (await files(folder)).filter((name) => name.endsWith('.json')).sort();
      return first ? parse(await readFile(join(folder, first), 'utf8')) : null;
    },
  };
};
