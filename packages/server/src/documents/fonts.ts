import fs from 'node:fs';
import { ERROR_CODES } from '@land/shared/api';
import { AppError } from '../lib/errors';

export interface CjkFont {
  /** font file (a TrueType/OpenType collection) */
  path: string;
  /** PostScript name of the face inside the collection */
  family: string;
  /** the bold face, when the same package ships one */
  bold?: { path: string; family: string };
  /** the Debian package it comes from */
  debianPackage: string;
}

/**
 * Chinese fonts for the PDF, in order of preference, from Debian packages: Noto Sans CJK SC
 * (fonts-noto-cjk, also what the browser tests use) and WenQuanYi Micro Hei as the fallback.
 * The PDF embeds a subset of the glyphs used, so readers need no font installed.
 */
export const CJK_FONT_CANDIDATES: CjkFont[] = [
  {
    path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    family: 'NotoSansCJKsc-Regular',
    bold: { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
    debianPackage: 'fonts-noto-cjk',
  },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei', debianPackage: 'fonts-wqy-microhei' },
];

export const MISSING_FONT_MESSAGE = '服务器缺少中文字体，无法生成 PDF：请安装字体软件包 fonts-noto-cjk（apt-get install fonts-noto-cjk）或 fonts-wqy-microhei';

/** The first installed CJK font; a clear 503 naming the package to install when there is none. */
export function findCjkFont(candidates: CjkFont[] = CJK_FONT_CANDIDATES): CjkFont {
  for (const c of candidates) {
    if (!fs.existsSync(c.path)) continue;
    return c.bold && !fs.existsSync(c.bold.path) ? { ...c, bold: undefined } : c;
  }
  throw new AppError(ERROR_CODES.SERVER_ERROR, MISSING_FONT_MESSAGE, 503);
}
