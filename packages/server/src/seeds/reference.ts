import type { AnyDb } from '../entities/repository';
import { landClassRows } from './landClasses';
import { createAll } from './records';
import type { ZoneLayout } from './layout';
import { DISTRICTS, STREETS, ZONE } from './zone';

/** Districts, streets and the land-class tree: what every other record refers to. */
export async function seedReference(trx: AnyDb, actorId: string | null, layout: ZoneLayout): Promise<void> {
  await createAll(
    trx,
    'tArea',
    DISTRICTS.map((d) => ({
      areaname: d.areaname,
      areacode: d.areacode,
      cantoncode: ZONE.cantonCode,
      type: d.type,
      status: d.status,
      displayorder: d.displayorder,
      planArea: d.planArea,
      leadingIndustry: d.leadingIndustry,
      address: d.address,
      introduction: `<p>${d.introduction}</p>`,
      boundary: layout.districts.get(d.areacode)!.boundary,
    })),
    actorId,
  );
  await createAll(trx, 'tJd', STREETS.map((s, i) => ({ ...s, displayorder: i + 1 })), actorId);
  await createAll(trx, 'tDl', landClassRows(), actorId);
}
