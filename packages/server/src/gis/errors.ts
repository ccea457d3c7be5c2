import { ERROR_CODES } from '@land/shared/api';
import { AppError } from '../lib/errors';

/**
 * A GIS file that cannot be read, with a Chinese message for the user. It is an AppError
 * (A0400, or A0413 for size limits), so a route that lets it through answers 400/413 with the
 * message and `data.field = 'file'`.
 */
export class GisFileError extends AppError {
  constructor(message: string, kind: 'invalid' | 'too-large' = 'invalid', extra: Record<string, unknown> = {}) {
    const tooLarge = kind === 'too-large';
    super(
      tooLarge ? ERROR_CODES.TOO_LARGE : ERROR_CODES.VALIDATION,
      message,
      tooLarge ? 413 : 400,
      { field: 'file', errors: [{ field: 'file', msg: message }], ...extra },
    );
    this.name = 'GisFileError';
  }
}

export const GIS_MESSAGES = {
  missingDbf: '压缩包中缺少 .dbf 文件',
  missingShp: '缺少 .shp 文件',
  missingPrj: '缺少 .prj 文件，无法确定坐标系',
  unknownCrs: '无法识别的坐标系',
  notZip: '文件不是有效的 zip 压缩包',
  unsupported: '不支持的文件类型',
  tooLarge: '文件过大',
} as const;
