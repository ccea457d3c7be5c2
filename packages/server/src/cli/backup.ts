/**
 * npm run backup [-- <archive file or folder>]: the database and the uploaded files of this
 * configuration (DATA_DIR, DATABASE_URL) into one .tar.gz with a manifest. The server may keep
 * running. Default folder: DATA_DIR/backups.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, createBackup } from '../services/backup';
import { backupTarget, userPath } from './target';

const config = loadConfig();
const arg = process.argv[2];
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
const name = `land-backup-${stamp}.tar.gz`;
let out = arg ? userPath(arg) : path.join(config.dataDir, 'backups', name);
if (fs.existsSync(out) && fs.statSync(out).isDirectory()) out = path.join(out, name);
fs.mkdirSync(path.dirname(out), { recursive: true });

try {
  const manifest = await createBackup(backupTarget(config), out);
  console.log(`备份完成：${out}`);
  console.log(`数据库：${manifest.dialect}，${manifest.database.bytes} 字节；文件：${manifest.files.count} 个，${manifest.files.bytes} 字节`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
