/**
 * 首行缩进: a paragraph's or heading's first-line indent (style="text-indent: 2em"), as official
 * notices and policies are written. Kept through the editor (it was dropped on load, so editing
 * a stored notice lost its indents) and toggled from the toolbar. The server's sanitiser allows it.
 */
import { Extension } from '@tiptap/core';

export const FIRST_LINE_INDENT = '2em';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textIndent: {
      /** Indents the first line of the selected paragraphs, or takes the indent away. */
      toggleFirstLineIndent: () => ReturnType;
    };
  }
}

const TYPES = ['paragraph', 'heading'];

export const TextIndent = Extension.create({
  name: 'textIndent',
  addGlobalAttributes() {
    return [
      {
        types: TYPES,
        attributes: {
          textIndent: {
            default: null,
            parseHTML: (element: HTMLElement) => element.style.textIndent || null,
            renderHTML: (attributes: Record<string, unknown>) =>
              typeof attributes.textIndent === 'string' && attributes.textIndent !== '' ? { style: `text-indent: ${attributes.textIndent}` } : {},
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      toggleFirstLineIndent:
        () =>
        ({ editor, commands }) => {
          const indented = editor.isActive({ textIndent: FIRST_LINE_INDENT });
          return TYPES.map((type) => commands.updateAttributes(type, { textIndent: indented ? null : FIRST_LINE_INDENT })).some(Boolean);
        },
    };
  },
});
