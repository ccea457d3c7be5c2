import { Skeleton } from 'antd';
import { Suspense, lazy } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

// The editor (ProseMirror and its extensions) is a chunk of its own, fetched when a form
// with a rich-text field is first shown.
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/** The rich-text editor as a form control, loaded on first use. */
export function RichTextInput(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
