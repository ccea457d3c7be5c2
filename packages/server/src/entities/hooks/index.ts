/**
 * Entity-specific behaviour, one file per entity beside the generic engine (STYLE §2). Each
 * file registers its hooks on import; the engine imports this file once.
 */
import './consultation';
import './districtTransferParcel';
import './landClass';
import './landTransaction';
import './parcel';
import './parcelRecords';
import './secondMarket';
import './stockLand';
import './supplyPlan';
import './userMessage';
