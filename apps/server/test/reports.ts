/**
 * Reading what the report builder wrote, the way another program would: the chart parts and
 * slide texts of a .pptx (its XML, unzipped) and the text of a PDF (pdf.js through unpdf).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';

export interface CachedSeries {
  name: string;
  categories: string[];
  values: number[];
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const points = (xml: string) =>
  [...xml.matchAll(/<c:pt idx="(\d+)">\s*<c:v>([^<]*)<\/c:v>/g)]
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((m) => decode(m[2]!));

/** Every chart part of a presentation, in slide order: its series with their cached values. */
export async function pptxCharts(buffer: Buffer): Promise<CachedSeries[][]> {
  const zip = await JSZip.loadAsync(buffer);
  const order = await chartsInSlideOrder(zip);
  const charts: CachedSeries[][] = [];
  for (const name of order) {
    const xml = await zip.file(name)!.async('string');
    const series = [...xml.matchAll(/<c:ser>([\s\S]*?)<\/c:ser>/g)].map((m) => {
      const ser = m[1]!;
      const tx = /<c:tx>([\s\S]*?)<\/c:tx>/.exec(ser)?.[1] ?? '';
      const cat = /<c:cat>([\s\S]*?)<\/c:cat>/.exec(ser)?.[1] ?? '';
      const val = /<c:val>([\s\S]*?)<\/c:val>/.exec(ser)?.[1] ?? '';
      return {
        name: points(tx)[0] ?? '',
        categories: points(cat),
        values: points(val).map(Number),
      };
    });
    charts.push(series);
  }
  return charts;
}

async function slideNames(zip: JSZip) {
  return Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml/.exec(a)![1]) - Number(/(\d+)\.xml/.exec(b)![1]));
}

async function chartsInSlideOrder(zip: JSZip) {
  const charts: string[] = [];
  for (const slide of await slideNames(zip)) {
    const rels = zip.file(slide.replace('slides/', 'slides/_rels/') + '.rels');
    if (!rels) continue;
    const xml = await rels.async('string');
    for (const m of xml.matchAll(/Target="(?:\.\.|\/ppt)\/charts\/(chart\d+\.xml)"/g)) {
      charts.push(`ppt/charts/${m[1]}`);
    }
  }
  return charts;
}

/** The text runs of each slide, in order. */
export async function pptxSlides(buffer: Buffer): Promise<string[][]> {
  const zip = await JSZip.loadAsync(buffer);
  const slides: string[][] = [];
  for (const name of await slideNames(zip)) {
    // Fields (the slide number) are not the slide's text.
    const xml = (await zip.file(name)!.async('string')).replace(/<a:fld\b[\s\S]*?<\/a:fld>/g, '');
    slides.push([...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]!)));
  }
  return slides;
}

/** The rows of the native tables of each slide: cell texts, header first. */
export async function pptxTables(buffer: Buffer): Promise<string[][][]> {
  const zip = await JSZip.loadAsync(buffer);
  const tables: string[][][] = [];
  for (const name of await slideNames(zip)) {
    const xml = await zip.file(name)!.async('string');
    const rows = [...xml.matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)].map((tr) =>
      [...tr[0].matchAll(/<a:tc\b[\s\S]*?<\/a:tc>/g)].map((tc) =>
        [...tc[0].matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1]!)).join(''),
      ),
    );
    tables.push(rows);
  }
  return tables;
}

/** The text of every page of a PDF, in order. */
export async function pdfPages(buffer: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(pdf, { mergePages: false });
  return text as string[];
}

/**
 * Keeps a report for looking at (LibreOffice, pdftoppm) when REPORTS_OUT names a directory:
 * `REPORTS_OUT=/tmp/reports npx vitest run --project api apps/server/src/modules/rfx`.
 */
export function keepReport(name: string, body: Buffer) {
  const dir = process.env.REPORTS_OUT;
  if (dir) writeFileSync(path.join(dir, name), body);
}
