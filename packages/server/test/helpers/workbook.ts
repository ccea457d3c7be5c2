import ExcelJS from 'exceljs';

/** An .xlsx file of one sheet: the header row, then the rows, as a user fills in a template. */
export async function workbook(header: string[], rows: unknown[][], sheet = '数据'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
