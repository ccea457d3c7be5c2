import { describe, expect, it } from 'vitest';
import { PieChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import type { ParcelStatistics } from '../src/features/analysis/api';
import { classOption, districtOption, statusOption } from '../src/features/analysis/charts';
import { drawChartSvg } from '../src/public/chart-svg';

// The back office's statistics screen registers the pie chart; the public pages' drawing has no use for it.
echarts.use([PieChart]);

const DISTRICTS = ['滨江智造园', '临港物流园', '科创走廊', '生物医药港', '综合保税区', '高铁新城'];

const statistics = {
  byDistrict: DISTRICTS.map((areaname, i) => ({ areacode: `A${i}`, areaname, count: [11, 23, 37, 43, 53, 67][i], landAreaMu: 500 + 100 * i })),
  byStatus: ['录入中', '待初审', '待审核', '已发布', '已下架'].map((label, i) => ({ status: String(i), label, count: [13, 27, 41, 57, 73][i], landAreaMu: 100 * i })),
} as unknown as ParcelStatistics;

/** The category names drawn under the x-axis, each with whether it is slanted. */
function xLabels(svg: string, names: string[]): { name: string; slanted: boolean }[] {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)]
    .filter((m) => names.includes(m[2]))
    .map((m) => {
      const matrix = /transform="matrix\(([^)]*)\)"/.exec(m[1]);
      const [, b] = matrix ? matrix[1].split(/[\s,]+/).map(Number) : [1, 0];
      return { name: m[2], slanted: Math.abs(b) > 0.01 };
    });
}

describe('statistics charts name every category', () => {
  it('片区地块分布: the district names stand upright on a desktop card and slant on a phone', () => {
    const desktop = xLabels(drawChartSvg(districtOption(statistics), 560, 320), DISTRICTS);
    expect(desktop.map((l) => l.name)).toEqual(DISTRICTS);
    expect(desktop.every((l) => !l.slanted)).toBe(true);
    const phone = xLabels(drawChartSvg(districtOption(statistics), 348, 320), DISTRICTS);
    expect(phone.map((l) => l.name)).toEqual(DISTRICTS);
    expect(phone.every((l) => l.slanted), 'slanted on a 412 px phone (a 348 px card), where upright names ran into each other').toBe(true);
  });

  it('地块状态分布: five short state names stay upright even on a phone', () => {
    const names = ['录入中', '待初审', '待审核', '已发布', '已下架'];
    const svg = drawChartSvg(statusOption(statistics), 348, 320);
    const phone = xLabels(svg, names);
    expect(phone.map((l) => l.name)).toEqual(names);
    expect(phone.every((l) => !l.slanted)).toBe(true);
    // Each state's count stands above its bar (the district chart has none).
    const counts = ['13', '27', '41', '57', '73'];
    expect(xLabels(svg, counts).map((l) => l.name)).toEqual(counts);
    expect(xLabels(drawChartSvg(districtOption(statistics), 560, 320), ['11', '23', '37', '43', '53', '67'])).toEqual([]);
  });
});

describe('土地用途构成', () => {
  const byClass = [
    { dlcode: '05', name: '商业服务业用地', count: 3, landAreaMu: 100 },
    { dlcode: '10', name: '工业用地', count: 9, landAreaMu: 400 },
    { dlcode: '12', name: '交通运输用地', count: 2, landAreaMu: 200 },
  ];
  const draw = (width: number) => drawChartSvg((classOption({ byClass } as unknown as ParcelStatistics) as { baseOption: echarts.EChartsCoreOption }).baseOption, width, 320);
  /** Each sector's arcs' radii (its rounded corners of 4 px left out), in drawing order. */
  const sectorRadii = (svg: string) =>
    [...svg.matchAll(/<path d="([^"]*)"[^>]*ecmeta_series_index="0" ecmeta_data_index="(\d)" ecmeta_ssr_type="chart"/g)].map((m) => ({
      index: Number(m[2]),
      radii: [...new Set([...m[1].matchAll(/A([\d.]+) /g)].map((a) => Number(a[1])).filter((r) => r > 4))].sort((a, b) => a - b),
    }));

  it('draws every class with one inner and one outer radius, so a sector\'s area is in proportion to its class\'s area (not its square)', () => {
    for (const width of [560, 348]) {
      const sectors = sectorRadii(draw(width));
      expect(sectors).toHaveLength(3);
      const [first] = sectors;
      expect(first.radii).toHaveLength(2);
      for (const s of sectors) expect(s.radii, `${width} px, class ${s.index}`).toEqual(first.radii);
    }
  });

  it('lists the classes largest first, each with its code for the drill-down', () => {
    const series = (classOption({ byClass } as unknown as ParcelStatistics) as { baseOption: { series: { roseType?: string; data: { name: string; dlcode: string }[] }[] } }).baseOption.series[0];
    expect(series.roseType).toBeUndefined();
    expect(series.data.map((d) => [d.name, d.dlcode])).toEqual([['工业用地', '10'], ['交通运输用地', '12'], ['商业服务业用地', '05']]);
  });
});

describe('the public deals chart', () => {
  it('draws each year\'s count of deals as a bar of its own height with its figure, not on the 亩 axis where a few deals were a few pixels', async () => {
    const { dealsChartOption } = await import('../src/features/public-site/trade/deals-chart-option');
    const years = [
      { year: 2025, count: 3, landAreaMu: 1200, amount: 60000 },
      { year: 2026, count: 6, landAreaMu: 900, amount: 80000 },
    ];
    const svg = drawChartSvg(dealsChartOption(years as never), 600, 320);
    expect(svg).toContain('>3宗</text>');
    expect(svg).toContain('>6宗</text>');
    // The bars of 3 and 6 deals (series 0): the taller twice the shorter, and most of the plot high.
    const heights = [...svg.matchAll(/<path d="M[\d.]+ [\d.]+l[\d.]+ 0l0 -([\d.]+)[^"]*"[^>]*ecmeta_series_index="0"[^>]*ecmeta_ssr_type="chart"/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(2);
    expect(heights[1]).toBeCloseTo(2 * heights[0], 0);
    expect(heights[1]).toBeGreaterThan(150);
  });
});
