import type { AnyDb, Row } from '../../entities/repository';
import type { ExternalTransaction, LandTransactionClient } from './types';

const COLUMNS = [
  'id', 'externalId', 'parcelCode', 'announcementNo', 'transactionType', 'listingStart', 'listingEnd', 'startingPrice',
  'deposit', 'bidIncrement', 'dealPrice', 'dealDate', 'winner', 'contractNo', 'transferYears', 'status',
] as const;

function toExternal(r: Row): ExternalTransaction {
  const out: Record<string, unknown> = {};
  for (const c of COLUMNS) if (r[c] !== null && r[c] !== undefined && c !== 'externalId') out[c] = r[c];
  // A record synchronised from a remote system keeps that system's id.
  out.id = (r.externalId as string | null) ?? r.id;
  return out as unknown as ExternalTransaction;
}

/**
 * The embedded default: the transaction records entered or imported in the back office
 * (tLandJyst), for installations without a remote transaction system.
 */
export class EmbeddedLandTransactionClient implements LandTransactionClient {
  constructor(private readonly db: AnyDb) {}

  private async byStatus(status: string): Promise<ExternalTransaction[]> {
    const rows = await this.db.selectFrom('t_land_jyst').select([...COLUMNS]).where('status', '=', status).orderBy('id', 'desc').limit(5000).execute();
    return rows.map((r) => toExternal(r as Row));
  }

  listListed(): Promise<ExternalTransaction[]> {
    return this.byStatus('listing');
  }

  listDeals(): Promise<ExternalTransaction[]> {
    return this.byStatus('dealt');
  }

  async getById(id: string): Promise<ExternalTransaction | undefined> {
    const row = await this.db
      .selectFrom('t_land_jyst')
      .select([...COLUMNS])
      .where((eb) => eb.or([eb('externalId', '=', id), eb('id', '=', id)]))
      .executeTakeFirst();
    return row ? toExternal(row as Row) : undefined;
  }
}
