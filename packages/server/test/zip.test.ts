import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ArchiveError, readArchive, verifiedOfficeFile } from '../src/lib/zip';
import { zeroDeflate, zipOf } from './helpers/zipBomb';

const MB = 1024 * 1024;

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ArchiveError);
  return (e as ArchiveError).problem;
};

describe('readArchive: real inflated sizes, never the declared ones', () => {
  it('refuses an entry that declares 1,000 bytes and inflates past the cap', async () => {
    const bomb = zipOf([{ name: 'a.shp', data: zeroDeflate(64), deflated: true, declared: 1000 }]);
    expect(await refusal(readArchive(bomb, { maxBytes: 10 * MB, maxEntries: 10 }))).toBe('too-large');
  });

  it('counts the cap over all entries, whatever each declares', async () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.xml`, data: zeroDeflate(3), deflated: true, declared: 10 }));
    expect(await refusal(readArchive(zipOf(entries), { maxBytes: 10 * MB, maxEntries: 10 }))).toBe('too-large');
    const ok = await readArchive(zipOf(entries.slice(0, 3)), { maxBytes: 10 * MB, maxEntries: 10 });
    expect([...ok.values()].map((d) => d.length)).toEqual([3 * MB, 3 * MB, 3 * MB]);
  });

  it('reads honest entries exactly, stored and deflated, and skips unwanted ones without inflating them', async () => {
    const text = Buffer.from('界址点,经度,纬度\n1,120.5,30.3\n');
    const zip = zipOf([
      { name: 'a.csv', data: text },
      { name: 'b.csv', data: zlib.deflateRawSync(text), deflated: true, declared: text.length },
      { name: 'big.bin', data: zeroDeflate(64), deflated: true, declared: 1 },
    ]);
    const entries = await readArchive(zip, { maxBytes: MB, maxEntries: 10 }, (n) => n.endsWith('.csv'));
    expect([...entries.keys()]).toEqual(['a.csv', 'b.csv']);
    expect(Buffer.from(entries.get('b.csv')!).toString()).toBe(text.toString());
  });

  it('refuses too many entries, unsafe paths and what is not a zip', async () => {
    const tiny = (name: string) => ({ name, data: Buffer.from('x') });
    expect(await refusal(readArchive(zipOf([tiny('a'), tiny('b'), tiny('c')]), { maxBytes: MB, maxEntries: 2 }))).toBe('too-many');
    expect(await refusal(readArchive(zipOf([tiny('../evil.shp')]), { maxBytes: MB, maxEntries: 2 }))).toBe('unsafe-path');
    expect(await refusal(readArchive(Buffer.from('not a zip at all, just text'), { maxBytes: MB, maxEntries: 2 }))).toBe('not-zip');
  });

  it('rebuilds an Office file from the verified entries for ExcelJS', async () => {
    const xml = Buffer.from('<workbook/>');
    const { entries, file } = await verifiedOfficeFile(zipOf([{ name: 'xl/workbook.xml', data: zlib.deflateRawSync(xml), deflated: true, declared: 1 }]), { maxBytes: MB, maxEntries: 10 });
    expect(Buffer.from(entries.get('xl/workbook.xml')!).equals(xml)).toBe(true);
    const again = await readArchive(file, { maxBytes: MB, maxEntries: 10 });
    expect(Buffer.from(again.get('xl/workbook.xml')!).equals(xml)).toBe(true);
  });
});
