/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Server base for every call (SPEC §7); empty means the page's own origin. */
  readonly VITE_API_BASE?: string;
  /** Base address uploaded files are served from (SPEC §3: file urls are prefixed with it). */
  readonly VITE_GIS_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
