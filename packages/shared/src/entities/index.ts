import type { EntityDef } from '../entity';
import { areaEntity } from './area';
import { consultationEntity } from './consultation';
import { districtSchemeEntity, districtTransferParcelEntity } from './districtPlanning';
import { facilityEntity } from './facility';
import { investmentContactEntity } from './investmentContact';
import { investmentEventEntity } from './investmentEvent';
import { investmentManualEntity } from './investmentManual';
import { keyProjectEntity } from './keyProject';
import { landClassEntity } from './landClass';
import { landMatchingEntity } from './landMatching';
import { landTransactionEntity } from './landTransaction';
import { leasableResourceEntity } from './leasableResource';
import { messageTemplateEntity, userMessageEntity } from './message';
import { miniVideoEntity } from './miniVideo';
import { noticeEntity } from './notice';
import { officialAccountArticleEntity } from './officialAccountArticle';
import { parcelEntity } from './parcel';
import { parcelAdvantageEntity } from './parcelAdvantage';
import { parcelDistanceEntity } from './parcelDistance';
import { parcelFacilityEntity } from './parcelFacility';
import { parcelManualEntity } from './parcelManual';
import { parcelPriceEntity } from './parcelPrice';
import { parcelTakeDownEntity } from './parcelTakeDown';
import { photoSphereMarkerEntity } from './photoSphereMarker';
import { pipeNetworkEntity } from './pipeNetwork';
import { planningIndicatorEntity } from './planningIndicator';
import { platformCompanyEntity } from './platformCompany';
import { prophaseProjectEntity } from './prophaseProject';
import { regulationEntity } from './regulation';
import { secondMarketEntity } from './secondMarket';
import { stockLandEntity } from './stockLand';
import { streetEntity } from './street';
import { supplyPlanEntity } from './supplyPlan';
import { templateEntity } from './template';
import { wxUserPermissionEntity } from './wxUserPermission';

/** Every entity driven by the generic engine, in dependency order (referenced ones first). */
export const ENTITIES: EntityDef[] = [
  // Reference data other records point at: districts, streets, the land-class tree.
  areaEntity,
  streetEntity,
  landClassEntity,
  facilityEntity,
  // Parcels (district, street and land-class refs), then what belongs to a parcel.
  parcelEntity,
  landMatchingEntity,
  parcelDistanceEntity,
  planningIndicatorEntity,
  parcelManualEntity,
  parcelTakeDownEntity,
  parcelPriceEntity,
  parcelFacilityEntity,
  photoSphereMarkerEntity,
  // Land supply and transactions (district, land class and parcel refs).
  supplyPlanEntity,
  districtTransferParcelEntity,
  districtSchemeEntity,
  stockLandEntity,
  landTransactionEntity,
  pipeNetworkEntity,
  parcelAdvantageEntity,
  secondMarketEntity,
  leasableResourceEntity,
  // Investment promotion.
  investmentContactEntity,
  investmentManualEntity,
  investmentEventEntity,
  platformCompanyEntity,
  prophaseProjectEntity,
  keyProjectEntity,
  regulationEntity,
  noticeEntity,
  consultationEntity,
  templateEntity,
  // WeChat and messages (templates before the messages sent from them).
  officialAccountArticleEntity,
  miniVideoEntity,
  messageTemplateEntity,
  userMessageEntity,
  wxUserPermissionEntity,
];

export function entityByName(name: string): EntityDef | undefined {
  return ENTITIES.find((e) => e.name === name);
}
