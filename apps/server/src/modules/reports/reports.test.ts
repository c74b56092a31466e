import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { TINY_PNG } from '../../../test/multipart.ts';
import { buildWorkbook, summary } from '../../platform/exports.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const image = `data:image/png;base64,${TINY_PNG.toString('base64')}`;

describe('POST /api/download and /api/download/pdf', () => {
  it('answers a PowerPoint holding the captured image and the analysis text', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: t.auth(token),
      payload: {
        type: 'ppt',
        name: 'Spend Dashboard',
        image,
        analysis: 'Diverse spend grew 12% year over year.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('presentationml');
    expect(res.headers['content-disposition']).toContain('filename="Spend Dashboard.pptx"');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const media = Object.keys(zip.files).filter(
      (name) => name.startsWith('ppt/media/') && !zip.files[name]!.dir,
    );
    const images = await Promise.all(media.map((name) => zip.file(name)!.async('nodebuffer')));
    expect(images.some((bytes) => bytes.equals(TINY_PNG))).toBe(true);
    const slides = await Promise.all(
      Object.keys(zip.files)
        .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
        .map((name) => zip.file(name)!.async('string')),
    );
    expect(slides.join('')).toContain('Diverse spend grew 12% year over year.');
    expect(slides.join('')).toContain('Spend Dashboard');
  });

  it('answers a PDF that starts with %PDF and names the report', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/download/pdf',
      headers: t.auth(token),
      payload: { type: 'pdf', name: 'Category Dashboard', image },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toContain('Category Dashboard');
  });

  it('refuses an image that is not a PNG or JPEG, and callers without a token', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const fake = `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: t.auth(token),
      payload: { type: 'ppt', name: 'x', image: fake },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('image');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: t.auth(token),
      payload: { type: 'ppt', image },
    });
    expect(missing.json().errors).toContainEqual({ field: 'name', message: 'Required' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/download/pdf',
      payload: { type: 'pdf', name: 'x', image },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the file name to safe characters', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/download/pdf',
      headers: t.auth(token),
      payload: { type: 'pdf', name: '../../etc/"passwd"\r\nX-Evil: 1', image },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).not.toMatch(/\.\.\/|\r|\n|X-Evil:/);
  });
});

describe('analysis text', () => {
  it('comes back for the same report and stays inside the organisation', async () => {
    const a = await signedInUser(t.app, t.database.db);
    const b = await signedInUser(t.app, t.database.db);
    const key = 'spend?fileIds=1,2';
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/report/analysis',
      headers: t.auth(a.token),
      payload: { reportKey: key, text: 'MBE spend doubled.' },
    });
    expect(saved.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/report/analysis',
      headers: t.auth(a.token),
      payload: { reportKey: key },
    });
    expect(again.json().data.text).toBe('MBE spend doubled.');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/report/analysis',
      headers: t.auth(b.token),
      payload: { reportKey: key },
    });
    expect(other.json().data.text).toBe('');

    await t.app.inject({
      method: 'PUT',
      url: '/api/report/analysis',
      headers: t.auth(a.token),
      payload: { reportKey: key, text: 'Revised.' },
    });
    const revised = await t.app.inject({
      method: 'POST',
      url: '/api/report/analysis',
      headers: t.auth(a.token),
      payload: { reportKey: key },
    });
    expect(revised.json().data.text).toBe('Revised.');
  });

  it('limits the text to 10,000 characters', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/report/analysis',
      headers: t.auth(token),
      payload: { reportKey: 'k', text: 'x'.repeat(10_001) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'text', message: 'Must be 10000 characters or less' },
    ]);
  });
});

describe('buildWorkbook', () => {
  it('writes figures as numbers and formula-like text as string cells, unchanged', async () => {
    const buffer = await buildWorkbook(
      {
        title: 'Spend Dashboard',
        parameters: [
          ['Files', 'spend-2025.xlsx'],
          ['Total Spend', summary.money(132332450.13)],
          ['Diverse', summary.percent(27.42)],
          ['Year', summary.year(2023)],
          ['Generated', summary.date('2025-03-04')],
        ],
        analysis: '=HYPERLINK("x")',
      },
      [
        {
          name: 'Spend per diversity',
          columns: [
            { header: 'Diversity', key: 'diversity' },
            { header: 'Spend', key: 'spend', kind: 'money' },
          ],
          rows: [
            { diversity: 'MBE', spend: '1234.56' },
            { diversity: '=cmd|"/c calc"!A1', spend: 10 },
            { diversity: '@SUM(A1)', spend: 0 },
          ],
        },
      ],
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Spend per diversity')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Diversity', 'Spend']);
    expect(sheet.getCell('B2').value).toBe(1234.56);
    // What the user reads is what they typed: no apostrophe, and never a formula.
    expect(sheet.getCell('A3').value).toBe('=cmd|"/c calc"!A1');
    expect(sheet.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('A4').value).toBe('@SUM(A1)');
    const zip = await JSZip.loadAsync(buffer);
    for (const name of Object.keys(zip.files).filter((n) =>
      /^xl\/worksheets\/[^/]+\.xml$/.test(n),
    )) {
      expect(await zip.file(name)!.async('string')).not.toContain('<f>');
    }
    const sheet0 = workbook.getWorksheet('Summary')!;
    expect(sheet0.getCell('A1').value).toBe('Spend Dashboard');
    expect(sheet0.getCell('B4').value).toBe(132332450.13);
    expect(sheet0.getCell('B4').numFmt).toBe('"$"#,##0.00');
    expect(sheet0.getCell('B5').value).toBe(0.2742);
    expect(sheet0.getCell('B5').numFmt).toBe('0.00%');
    expect(sheet0.getCell('B6').value).toBe(2023);
    expect(sheet0.getCell('B6').numFmt).toBe('0');
    expect((sheet0.getCell('B7').value as Date).toISOString()).toBe('2025-03-04T00:00:00.000Z');
    expect(sheet0.getCell('B7').numFmt).toBe('mm/dd/yyyy');
    // The analysis sits in one wrapped cell that is not merged.
    expect(sheet0.getCell('A9').value).toBe('Analysis');
    expect(sheet0.getCell('B9').value).toBe('=HYPERLINK("x")');
    expect(sheet0.getCell('B9').alignment.wrapText).toBe(true);
    expect(sheet0.model.merges ?? []).toEqual([]);
  });

  it('flows a long analysis over rows that each fit a cell', async () => {
    const paragraph = 'Diverse spend grew in every region. '.repeat(150).trim();
    const text = `${paragraph}\n\nSecond paragraph.`;
    const buffer = await buildWorkbook({ title: 'T', parameters: [], analysis: text }, []);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.getWorksheet('Summary')!.eachRow((row, n) => {
      if (n > 2) cells.push(String(row.getCell(2).value ?? ''));
      if (n > 2) expect(row.height).toBeLessThanOrEqual(409);
    });
    expect(cells.every((c) => c.length <= 2_000)).toBe(true);
    // Nothing lost: the cells put back together are the text (words joined by one space).
    expect(cells.join(' ').replace(/\s+/g, ' ').trim()).toBe(text.replace(/\s+/g, ' ').trim());
  });
});

describe('reports of an organisation without records', () => {
  it.each([
    ['spend', {}],
    ['supplier', {}],
    ['category', {}],
    ['rfx', { quaters: ['Q1'], year: 2024 }],
    ['contract', { year: 2024 }],
    ['cost', {}],
    ['market', { span: 'state' }],
  ])('builds the %s report as PPTX and PDF, saying there is nothing', async (key, body) => {
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    for (const format of ['pptx', 'pdf']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/report/${key}/${format}`,
        headers: t.auth(token),
        payload: body,
      });
      expect(res.statusCode, `${format}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });
});
