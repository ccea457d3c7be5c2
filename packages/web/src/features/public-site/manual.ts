/** 招商手册: a district's or a parcel's investment manual, downloaded as PDF or Word. */
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { downloadFile, saveBlob, showError } from '../../lib/request';

export type ManualKind = 'pdf' | 'doc';

/** `get(kind)` downloads the manual of `params` ({ areacode } or { dkid }); `busy` is the kind under way. */
export function useManualDownload(params: Record<string, string>, name: string) {
  const [busy, setBusy] = useState<'' | ManualKind>('');
  const get = async (kind: ManualKind) => {
    setBusy(kind);
    try {
      saveBlob(
        await downloadFile(
          kind === 'pdf' ? '/openApi/ExcelMainDispose/createPdf' : '/openApi/ExcelMainDispose/exportZsscDoc',
          params,
          `${name}招商手册.${kind === 'pdf' ? 'pdf' : 'docx'}`,
        ),
      );
      notify.success('招商手册已生成');
    } catch (error) {
      showError(error);
    } finally {
      setBusy('');
    }
  };
  return { busy, get };
}
