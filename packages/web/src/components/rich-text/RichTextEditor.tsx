import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  DeleteColumnOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  MenuUnfoldOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { TextAlign } from '@tiptap/extension-text-align';
import type { Editor } from '@tiptap/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Button, Form, Input, Modal, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { fileUrl, reportUploadError, uploadFile } from '../../lib/files';
import { FIRST_LINE_INDENT, TextIndent } from './text-indent';
import styles from './RichTextEditor.module.css';

export interface RichTextEditorProps {
  /** HTML. */
  value?: string | null;
  onChange?: (html: string) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** An editor holding only an empty paragraph has no content: the form sees ''. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

const HEADING_OPTIONS = [
  { value: 0, label: '正文' },
  { value: 1, label: '标题 1' },
  { value: 2, label: '标题 2' },
  { value: 3, label: '标题 3' },
];

interface ToolProps {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}

function Tool({ title, icon, onClick, active, disabled }: ToolProps) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.5}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        className={active ? styles.active : undefined}
        // Keep the selection in the editor while the button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      heading: ([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      indent: e.isActive({ textIndent: FIRST_LINE_INDENT }),
      link: e.isActive('link'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const chain = () => editor.chain().focus();

  const openLink = () => {
    setLinkHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkOpen(true);
  };

  const applyLink = () => {
    const href = linkHref.trim();
    if (href === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: /^(https?:|mailto:|tel:|\/)/i.test(href) ? href : `https://${href}` }).run();
    setLinkOpen(false);
  };

  const insertImage = async (file: File) => {
    setUploading(true);
    try {
      const entry = await uploadFile(file, 'images');
      chain().setImage({ src: fileUrl(entry.url), alt: entry.name }).run();
    } catch (error) {
      reportUploadError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="格式工具栏">
      <Tool title="撤销" icon={<UndoOutlined />} disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()} />
      <Tool title="重做" icon={<RedoOutlined />} disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()} />
      <span className={styles.divider} />
      <Select
        size="small"
        variant="borderless"
        value={state.heading}
        options={HEADING_OPTIONS}
        disabled={disabled}
        style={{ width: 86 }}
        aria-label="段落格式"
        onChange={(level) => (level === 0 ? chain().setParagraph().run() : chain().toggleHeading({ level: level as 1 | 2 | 3 }).run())}
      />
      <span className={styles.divider} />
      <Tool title="加粗" icon={<BoldOutlined />} active={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()} />
      <Tool title="斜体" icon={<ItalicOutlined />} active={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()} />
      <Tool title="下划线" icon={<UnderlineOutlined />} active={state.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()} />
      <Tool title="删除线" icon={<StrikethroughOutlined />} active={state.strike} disabled={disabled} onClick={() => chain().toggleStrike().run()} />
      <span className={styles.divider} />
      <Tool title="无序列表" icon={<UnorderedListOutlined />} active={state.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()} />
      <Tool title="有序列表" icon={<OrderedListOutlined />} active={state.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()} />
      <span className={styles.divider} />
      <Tool title="左对齐" icon={<AlignLeftOutlined />} active={state.left} disabled={disabled} onClick={() => chain().setTextAlign('left').run()} />
      <Tool title="居中" icon={<AlignCenterOutlined />} active={state.center} disabled={disabled} onClick={() => chain().setTextAlign('center').run()} />
      <Tool title="右对齐" icon={<AlignRightOutlined />} active={state.right} disabled={disabled} onClick={() => chain().setTextAlign('right').run()} />
      <Tool title="首行缩进" icon={<MenuUnfoldOutlined />} active={state.indent} disabled={disabled} onClick={() => chain().toggleFirstLineIndent().run()} />
      <span className={styles.divider} />
      <Tool title="链接" icon={<LinkOutlined />} active={state.link} disabled={disabled} onClick={openLink} />
      <Tool
        title={uploading ? '图片上传中…' : '插入图片'}
        icon={<PictureOutlined />}
        disabled={disabled || uploading}
        onClick={() => fileInput.current?.click()}
      />
      <Tool
        title="插入表格"
        icon={<TableOutlined />}
        disabled={disabled || state.inTable}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      {state.inTable && (
        <>
          <Tool title="下方插入行" icon={<InsertRowBelowOutlined />} disabled={disabled} onClick={() => chain().addRowAfter().run()} />
          <Tool title="右侧插入列" icon={<InsertRowRightOutlined />} disabled={disabled} onClick={() => chain().addColumnAfter().run()} />
          <Tool title="删除行" icon={<DeleteRowOutlined />} disabled={disabled} onClick={() => chain().deleteRow().run()} />
          <Tool title="删除列" icon={<DeleteColumnOutlined />} disabled={disabled} onClick={() => chain().deleteColumn().run()} />
          <Tool title="删除表格" icon={<TableOutlined style={{ color: '#ff4d4f' }} />} disabled={disabled} onClick={() => chain().deleteTable().run()} />
        </>
      )}
      <span className={styles.divider} />
      <Tool title="清除格式" icon={<ClearOutlined />} disabled={disabled} onClick={() => chain().unsetAllMarks().clearNodes().run()} />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        style={{ display: 'none' }}
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <Modal
        open={linkOpen}
        title="插入链接"
        okText="确定"
        cancelText="取消"
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={linkHref}
          placeholder="https://"
          onChange={(event) => setLinkHref(event.target.value)}
          onPressEnter={applyLink}
          aria-label="链接地址"
        />
      </Modal>
    </div>
  );
}

/** HTML editor with a formatting toolbar; pictures go through the file upload call. */
export function RichTextEditor({ value, onChange, id, disabled, ...rest }: RichTextEditorProps) {
  // Red border while the surrounding Form.Item shows an error, like antd's own inputs.
  const { status } = Form.Item.useStatus();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // The HTML last loaded or typed: the form handing it back is not a change from outside.
  const known = useRef(value ?? '');
  // The stored HTML and the editor's own rendering of it: while the document is unchanged the
  // form keeps the stored HTML byte for byte (the editor writes tables, spaces and attributes its
  // own way; opening a record and saving it untouched must not rewrite its text).
  const stored = useRef(value ?? '');
  const storedAsEdited = useRef<string | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      TextIndent,
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': rest['aria-label'] ?? '正文',
      },
    },
    onCreate: ({ editor: e }) => {
      storedAsEdited.current = htmlOf(e);
    },
    onUpdate: ({ editor: e, transaction }) => {
      // tiptap also emits 'update' without a change (setEditable): not an edit.
      if (!transaction.docChanged) return;
      const html = htmlOf(e);
      const next = html === storedAsEdited.current ? stored.current : html;
      if (next === known.current) return;
      known.current = next;
      onChangeRef.current?.(next);
    },
  });

  // A value set from outside (a record loaded, the form reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (next === known.current) return;
    known.current = next;
    stored.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
    storedAsEdited.current = htmlOf(editor);
  }, [editor, value]);

  useEffect(() => {
    // Without emitting an update: one here, before onCreate, passed the editor's own rendering
    // of the stored HTML to the form as if typed (an untouched policy asked 未保存的修改).
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <div className={`${styles.root} ${status === 'error' ? styles.rootError : ''}`} data-testid={rest['data-testid']}>
      {editor && <Toolbar editor={editor} disabled={disabled} />}
      <EditorContent editor={editor} className={styles.content} />
    </div>
  );
}
