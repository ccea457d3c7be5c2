/** Shapes of the statistics calls (统计分析) and of the public district figures: the server computes, the web draws. */

export interface StatisticsFilter {
  /** First day of the period, yyyy-MM-dd (Beijing), inclusive. */
  startDate?: string;
  /** Last day of the period, yyyy-MM-dd (Beijing), inclusive. */
  endDate?: string;
  /** District (片区) code; absent: all districts. */
  areacode?: string;
}

export interface AreaFigure {
  count: number;
  /** m² */
  landArea: number;
  landAreaMu: number;
}

export type Granularity = 'quarter' | 'year';

/** Public parcel counts and areas of a district (or of the whole zone). */
export interface DistrictFigures extends AreaFigure {
  byTradeState: ({ tradeState: string; label: string } & AreaFigure)[];
  byClass: ({ dlcode: string | null; name: string } & AreaFigure)[];
}
