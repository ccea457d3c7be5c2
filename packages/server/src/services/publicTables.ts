import type { Generated } from 'kysely';

/** A visitor of the public site (migration 003_visitors). Same conventions as schema.ts. */
export interface VisitorTable {
  id: string;
  /** The mainland mobile number the visitor registered with; the login name. */
  userAccount: string;
  userName: string;
  passwordHash: string;
  /** Always 'phone' for now (SPEC §3 session field registerType). */
  registerType: string;
  /** 申请单位: the visitor's company (SPEC §3 calls it the address). */
  sqdw: string | null;
  email: string | null;
  /** '1' enabled, '0' disabled. */
  status: string;
  failedLogins: Generated<number>;
  lockedUntil: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A parcel a visitor collected; unique per visitor and parcel. */
export interface CollectionTable {
  id: string;
  visitorId: string;
  dkid: string;
  createdAt: string;
}

// The public site's tables join the typed schema here, beside the code that owns them.
declare module '../db/schema' {
  interface Database {
    t_visitor: VisitorTable;
    t_collection: CollectionTable;
  }
}
