// Entry of a pool worker when the server runs from TypeScript sources (tsx): registers tsx's
// loader in this thread, then offers the tasks of tasks.ts. Compiled builds load tasks.js directly.
import { register } from 'tsx/esm/api';

register();
export const { convert, readLines, readSheet, writeWorkbook, renderManual, writeShapefile } = await import('./tasks.ts');
