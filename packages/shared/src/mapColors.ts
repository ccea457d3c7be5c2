/**
 * Map colours shared by the web maps and the server's MapLibre style (/openApi/tiles/style.json):
 * land classes by their first-level code (close to the colours of the planning standards:
 * residential yellow, commercial red, industrial brown, warehousing purple, green space
 * green…) and the visitor's three market states.
 */

/** First-level classes of the 2023 用地用海分类 and their map colours. */
export const LAND_CLASS_COLORS: Record<string, { label: string; color: string }> = {
  '01': { label: '耕地', color: '#d9e6a1' },
  '02': { label: '园地', color: '#b8d98a' },
  '03': { label: '林地', color: '#5fa35f' },
  '04': { label: '草地', color: '#a6d96a' },
  '05': { label: '湿地', color: '#7fc8c0' },
  '06': { label: '农业设施建设用地', color: '#c9b97f' },
  '07': { label: '居住用地', color: '#f3d23b' },
  '08': { label: '公共管理与公共服务用地', color: '#e0609d' },
  '09': { label: '商业服务业用地', color: '#e5483d' },
  '10': { label: '工矿用地', color: '#a86f3c' },
  '11': { label: '仓储用地', color: '#8e6fd8' },
  '12': { label: '交通运输用地', color: '#8c8c8c' },
  '13': { label: '公用设施用地', color: '#2f7fc1' },
  '14': { label: '绿地与开敞空间用地', color: '#38a84a' },
  '15': { label: '特殊用地', color: '#5b7f63' },
  '16': { label: '留白用地', color: '#cfcfcf' },
  '17': { label: '陆地水域', color: '#5cb8e6' },
  '23': { label: '其他土地', color: '#bfb5a0' },
};

/** Classes outside the table above. */
export const OTHER_CLASS = { label: '其他', color: '#9aa5b1' };

/** available = 未挂牌, listed = 挂牌中, deal = 已成交 (the public filters' names). */
export type MarketState = 'available' | 'listed' | 'deal';

export const MARKET_STATE_COLORS: Record<MarketState, string> = {
  available: '#1677ff',
  listed: '#fa8c16',
  deal: '#8c8c8c',
};

/**
 * The same states as text or behind white text (tags, card badges): the map's colours darkened to
 * WCAG AA, at least 4.5:1 against white (blue 6.2:1, orange 5.4:1, grey 7.0:1).
 */
export const MARKET_STATE_TEXT_COLORS: Record<MarketState, string> = {
  available: '#0958d9',
  listed: '#ad4e00',
  deal: '#595959',
};
