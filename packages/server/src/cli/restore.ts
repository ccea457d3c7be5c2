/**
 * npm run restore -- <archive>: replaces the database and the uploaded files of this
 * configuration with the archive's. Stop the server first. The archive is checked completely
 * (manifest, checksums, the database file) before anything is changed; a wrong or damaged
 * archive is refused with a message and changes nothing.
 */
import { loadConfig } from '../config';
import { BackupError, restoreBackup } from '../services/backup';
import { backupTarget, userPath } from './target';

const arg = process.argv[2];
if (!arg) {
  console.error('用法：npm run restore -- <备份文件.tar.gz>（请先停止服务）');
  process.exit(2);
}

try {
  const manifest = await restoreBackup(backupTarget(loadConfig()), userPath(arg));
  console.log(`恢复完成：${manifest.createdAt} 的备份（${manifest.dialect}，文件 ${manifest.files.count} 个）。请启动服务。`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
