/**
 * The public pages of SPEC §2 and the code that renders each, loaded on first visit (one chunk
 * per page). Pages that draw maps bring OpenLayers with them; no other page does.
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ Component: ComponentType }>;

const parcelDetail = () => import('../../features/public-site/parcel/ParcelDetailPage');
const noticeDetail = () => import('../../features/public-site/notices/NoticeDetailPage');

export const PUBLIC_PAGES: Record<string, PageLoader> = {
  home: () => import('../../features/public-site/home/HomePage').then((m) => ({ Component: m.HomePage })),
  index: () => import('../../features/public-map/MapSearchPage').then((m) => ({ Component: m.MapSearchPage })),
  gdjhMapIndex: () => import('../../features/public-map/SupplyPlanMapPage').then((m) => ({ Component: m.SupplyPlanMapPage })),
  clkcrtd: () => import('../../features/public-map/StockLandMapPage').then((m) => ({ Component: m.StockLandMapPage })),
  'mapMoreDetails/:id': () => parcelDetail().then((m) => ({ Component: m.AvailableParcelPage })),
  'gkzzMoreDetails/:id': () => parcelDetail().then((m) => ({ Component: m.AvailableParcelPage })),
  'mapMoreGpggDetails/:id': () => parcelDetail().then((m) => ({ Component: m.ListedParcelPage })),
  'landTransactionDetails/:id': () => parcelDetail().then((m) => ({ Component: m.DealParcelPage })),
  'plotContrastTable/:plotList': () => import('../../features/public-site/parcel/ComparePage').then((m) => ({ Component: m.ComparePage })),
  'search/:searchValue': () => import('../../features/public-site/search/SearchPage').then((m) => ({ Component: m.SearchPage })),
  landListing: () => import('../../features/public-site/trade/LandListingPage').then((m) => ({ Component: m.LandListingPage })),
  landDeal: () => import('../../features/public-site/trade/LandDealPage').then((m) => ({ Component: m.LandDealPage })),
  jiaoyixinxi: () => import('../../features/public-site/trade/TransactionInfoPage').then((m) => ({ Component: m.TransactionInfoPage })),
  popularInquiries: () => import('../../features/public-site/notices/NoticeListPage').then((m) => ({ Component: m.NoticeListPage })),
  'tzggDetail/:id': () => noticeDetail().then((m) => ({ Component: m.NoticeDetailPage })),
  policiesRegulations: () => import('../../features/public-site/policies/PoliciesPage').then((m) => ({ Component: m.PoliciesPage })),
  consultingServices: () => import('../../features/public-site/consulting/ConsultingPage').then((m) => ({ Component: m.ConsultingPage })),
  zhongdianxiangmu: () => import('../../features/public-site/projects/KeyProjectsPage').then((m) => ({ Component: m.KeyProjectsPage })),
  tuijiejihua: () => import('../../features/public-site/projects/LeasingPage').then((m) => ({ Component: m.LeasingPage })),
  pqList: () => import('../../features/public-site/districts/DistrictListPage').then((m) => ({ Component: m.DistrictListPage })),
  'pqPositionDetail/:name': () => import('../../features/public-site/districts/DistrictDetailPage').then((m) => ({ Component: m.DistrictDetailPage })),
  regionalPosition: () => import('../../features/public-site/about/RegionalPositionPage').then((m) => ({ Component: m.RegionalPositionPage })),
  enteringNewArea: () => import('../../features/public-site/about/EnteringNewAreaPage').then((m) => ({ Component: m.EnteringNewAreaPage })),
  landPromotion: () => import('../../features/public-site/about/LandPromotionPage').then((m) => ({ Component: m.LandPromotionPage })),
  secondMarket: () => import('../../features/public-site/market/SecondMarketPage').then((m) => ({ Component: m.SecondMarketPage })),
  'secondMarketDetail/:id': () => import('../../features/public-site/market/SecondMarketDetailPage').then((m) => ({ Component: m.SecondMarketDetailPage })),
  personalCenter: () => import('../../features/public-site/personal/PersonalCenterPage').then((m) => ({ Component: m.PersonalCenterPage })),
};
