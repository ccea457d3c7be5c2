import { InboxOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadFile, UploadProps } from 'antd';
import { Button, Upload } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { UPLOAD_LABELS, deleteAttachmentConfirm } from '@land/shared';
import type { FileEntry, UploadDir } from '../../lib/files';
import { deleteStoredFile, fileUrl, reportUploadError, uploadFile } from '../../lib/files';
import { notify } from '../../lib/notify';
import { useConfirm } from '../use-confirm';

interface CommonProps {
  /** Several files (appended) instead of one (replaced). */
  multiple?: boolean;
  /** Most files kept in multiple mode; default none (SPEC §9). */
  limit?: number;
  /** File chooser filter, e.g. 'image/*' or '.xlsx'. */
  accept?: string;
  /** Drop zone instead of a button. */
  drag?: boolean;
  disabled?: boolean;
  /** Thumbnails (images) instead of a list of names. */
  listType?: 'text' | 'picture-card';
  id?: string;
  'data-testid'?: string;
}

interface AutoUploadProps extends CommonProps {
  manual?: false;
  /** Server folder of the upload call. */
  dir?: UploadDir;
  value?: FileEntry[] | null;
  onChange?: (value: FileEntry[]) => void;
}

interface ManualSelectProps extends CommonProps {
  /** Only picks files (选取文件); the caller sends them. */
  manual: true;
  files: File[];
  onFilesChange: (files: File[]) => void;
}

export type FileUploadProps = AutoUploadProps | ManualSelectProps;

function entryKey(entry: FileEntry): string {
  return entry.id || entry.url;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
  abort: AbortController;
}

function Trigger({ drag, listType, label, disabled }: { drag?: boolean; listType?: string; label: string; disabled?: boolean }) {
  if (drag) {
    return (
      <>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{label}</p>
      </>
    );
  }
  if (listType === 'picture-card') {
    return (
      <div>
        <PlusOutlined />
        <div style={{ marginTop: 8 }}>{label}</div>
      </div>
    );
  }
  return (
    <Button icon={<UploadOutlined />} disabled={disabled}>
      {label}
    </Button>
  );
}

/** Picks files for the caller (Excel import): nothing is sent, removing asks nothing. */
function ManualSelect(props: ManualSelectProps) {
  const { files, onFilesChange, multiple, limit, accept, drag, disabled, id } = props;
  const fileList: UploadFile[] = files.map((file, i) => ({ uid: `${i}-${file.name}`, name: file.name, status: 'done' }));
  const uploadProps: UploadProps = {
    accept,
    multiple,
    disabled,
    id,
    fileList,
    beforeUpload: (file) => {
      if (!multiple) {
        onFilesChange([file]);
        return false;
      }
      if (limit !== undefined && files.length >= limit) {
        notify.warning(`最多只能选择${limit}个文件`);
        return Upload.LIST_IGNORE;
      }
      onFilesChange([...files, file]);
      return false;
    },
    onRemove: (file) => {
      onFilesChange(files.filter((_f, i) => `${i}-${files[i].name}` !== file.uid));
      return false;
    },
  };
  const label = drag ? UPLOAD_LABELS.drag : UPLOAD_LABELS.select;
  return (
    <div data-testid={props['data-testid']}>
      {drag ? (
        <Upload.Dragger {...uploadProps}>
          <Trigger drag label={label} />
        </Upload.Dragger>
      ) : (
        <Upload {...uploadProps}>
          <Trigger label={label} disabled={disabled} />
        </Upload>
      )}
    </div>
  );
}

/** Uploads each chosen file at once and keeps the entries {id, name, url} as the value. */
function AutoUpload(props: AutoUploadProps) {
  const { value, onChange, multiple, limit, accept, dir, drag, disabled, listType = 'text', id } = props;
  const confirm = useConfirm();
  const entries = value ?? [];
  const [pending, setPending] = useState<Pending[]>([]);
  // Two uploads may finish before the parent re-renders with the first one's value.
  const latest = useRef(entries);
  useLayoutEffect(() => {
    latest.current = value ?? [];
  }, [value]);

  const emit = (next: FileEntry[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const total = entries.length + pending.length;
  const full = Boolean(multiple) && limit !== undefined && total >= limit;

  const upload: UploadProps['customRequest'] = ({ file }) => {
    if (!(file instanceof File)) return;
    const uid = (file as File & { uid?: string }).uid ?? `${Date.now()}-${file.name}`;
    const item: Pending = { uid, name: file.name, percent: 0, abort: new AbortController() };
    setPending((list) => [...list, item]);
    const done = () => setPending((list) => list.filter((p) => p.uid !== uid));
    uploadFile(file, dir, {
      signal: item.abort.signal,
      onProgress: (fraction) =>
        setPending((list) => list.map((p) => (p.uid === uid ? { ...p, percent: Math.round(fraction * 100) } : p))),
    }).then(
      (entry) => {
        done();
        const appended = [...latest.current, entry];
        // SPEC §4: single mode keeps the newest file only (the oldest is dropped).
        emit(multiple ? appended : appended.slice(-1));
      },
      (error: unknown) => {
        done();
        reportUploadError(error);
      },
    );
  };

  const fileList: UploadFile[] = [
    ...entries.map(
      (entry): UploadFile => ({
        uid: entryKey(entry),
        name: entry.name,
        status: 'done',
        url: fileUrl(entry.url),
        thumbUrl: listType === 'picture-card' ? fileUrl(entry.url) : undefined,
      }),
    ),
    ...pending.map((p): UploadFile => ({ uid: p.uid, name: p.name, status: 'uploading', percent: p.percent })),
  ];

  const uploadProps: UploadProps = {
    accept,
    multiple,
    disabled,
    id,
    fileList,
    listType,
    customRequest: upload,
    beforeUpload: () => {
      if (full) {
        notify.warning(`最多只能上传${limit}个文件`);
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    onPreview: (file) => {
      if (file.url) window.open(file.url, '_blank', 'noopener,noreferrer');
    },
    onRemove: async (file) => {
      const uploading = pending.find((p) => p.uid === file.uid);
      if (uploading) {
        uploading.abort.abort();
        return false;
      }
      const entry = entries.find((e) => entryKey(e) === file.uid);
      if (!entry) return false;
      if (!(await confirm(deleteAttachmentConfirm(entry.name), { danger: true }))) return false;
      emit(latest.current.filter((e) => entryKey(e) !== entryKey(entry)));
      // SPEC §7: the delete call's answer is ignored; the entry is gone from the value either way.
      deleteStoredFile(entry.url).catch(() => undefined);
      return false;
    },
  };

  const label = drag ? UPLOAD_LABELS.drag : UPLOAD_LABELS.button;
  return (
    <div data-testid={props['data-testid']}>
      {drag ? (
        <Upload.Dragger {...uploadProps} disabled={disabled || full}>
          <Trigger drag label={label} />
        </Upload.Dragger>
      ) : (
        <Upload {...uploadProps}>{full ? null : <Trigger listType={listType} label={label} disabled={disabled} />}</Upload>
      )}
    </div>
  );
}

/**
 * The upload control of SPEC §4/§8/§9: single mode replaces the file, multiple mode appends,
 * deleting an attachment asks first and then removes it from the store.
 */
export function FileUpload(props: FileUploadProps) {
  return props.manual ? <ManualSelect {...props} /> : <AutoUpload {...props} />;
}
