import { describe, expect, it } from 'vitest';
import { separatedPhrases, titlePhrases } from '../src/phrases';

describe('where a Chinese heading may break', () => {
  it('a site name divides after its area, not inside a word', () => {
    expect(titlePhrases('临江经济技术开发区土地信息平台')).toEqual(['临江经济技术开发区', '土地信息平台']);
    expect(titlePhrases('苏州工业园区土地信息公开平台')).toEqual(['苏州工业园区', '土地信息公开平台']);
    expect(titlePhrases('杭州钱塘新区招商服务平台')).toEqual(['杭州钱塘新区', '招商服务平台']);
    expect(titlePhrases('某某高新区管委会土地平台')).toEqual(['某某高新区管委会', '土地平台']);
    expect(titlePhrases('宁波市土地信息平台')).toEqual(['宁波市', '土地信息平台']);
  });

  it('a name without an area word, or with nothing after it, stays one phrase', () => {
    expect(titlePhrases('土地信息平台')).toEqual(['土地信息平台']);
    expect(titlePhrases('临江经济技术开发区')).toEqual(['临江经济技术开发区']);
    expect(titlePhrases('临江开发区网')).toEqual(['临江开发区网']);
    expect(titlePhrases('  ')).toEqual([]);
  });

  it('a subtitle divides at its separators, each kept at the end of the phrase before it', () => {
    expect(separatedPhrases('一图览全区土地 · 一站办招商服务')).toEqual(['一图览全区土地 ·', '一站办招商服务']);
    expect(separatedPhrases('地块查询｜招商政策｜交易信息')).toEqual(['地块查询 ｜', '招商政策 ｜', '交易信息']);
    expect(separatedPhrases('一图览全区土地')).toEqual(['一图览全区土地']);
    expect(separatedPhrases('· 开头 ·· 结尾 ·')).toEqual(['开头 · ·', '结尾 ·']);
    expect(separatedPhrases('')).toEqual([]);
  });

  it('the phrases hold every character of the text', () => {
    for (const t of ['临江经济技术开发区土地信息平台', '某某高新区管委会土地平台', 'A区B']) expect(titlePhrases(t).join('')).toBe(t);
    const sub = '一图览全区土地 · 一站办招商服务';
    expect(separatedPhrases(sub).join(' ')).toBe(sub);
  });
});
