/**
 * The investment manual as plain data: cover, sections of labelled figures, tables, text and
 * the map. The Word and the PDF writer both render this one model, so the two documents say
 * the same thing and a change of content is made once.
 */

export type Block =
  | { kind: 'figures'; rows: [string, string][] }
  | { kind: 'table'; columns: string[]; rows: string[][]; widths?: number[] }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'map'; png: Buffer; width: number; height: number; caption: string; legend: { color: string; label: string }[] };

export interface Section {
  heading: string;
  blocks: Block[];
}

export interface ManualDocument {
  /** for the file name and the document properties */
  title: string;
  cover: {
    zoneName: string;
    /** the parcel's or district's name, the cover's big line */
    name: string;
    subtitle: string;
    /** yyyy年M月d日 */
    date: string;
    lines: string[];
  };
  sections: Section[];
  footer: string;
}
