/**
 * What a dashboard report holds, whatever it is rendered to (DESIGN.md §7): the organisation,
 * the dashboard, its filters in words, headline figures, then sections — charts with the data a
 * native PowerPoint chart needs and the ECharts option the PDF draws, pictures (maps, treemaps)
 * beside their data, tables with every row — and the analysis text. A dashboard's definition
 * builds one from its own queries; the renderers never compute a figure.
 */
import type { ChartOption } from '@spotzcity/shared/charts/common';
import type { CellKind } from '../exports.ts';

export type ValueFormat = 'money' | 'percent' | 'integer';

export interface ReportColumn {
  header: string;
  /** How the cells read: money and percent are formatted, dates shown MM/DD/YYYY. */
  kind?: CellKind;
  /** Relative width (1 by default). */
  width?: number;
}

export interface ReportTable {
  columns: ReportColumn[];
  /** Raw values (numbers for money and percent 0–100, YYYY-MM-DD for dates); every row. */
  rows: unknown[][];
}

export interface NativeChart {
  type: 'bar' | 'line' | 'pie' | 'doughnut';
  /** Bars: horizontal ('bar') or vertical ('col', the default). */
  direction?: 'bar' | 'col';
  stacked?: boolean;
  /** A small title over the chart when a slide holds several (one doughnut per year). */
  title?: string;
  categories: string[];
  /** A null is a blank point (a line that starts late or ends early). */
  series: { name: string; values: (number | null)[] }[];
  format: ValueFormat;
  colors?: string[];
  /** The value axis ends at this value (100 for shares). */
  max?: number;
}

interface SectionBase {
  title: string;
  subtitle?: string;
  note?: string;
}

export interface ChartSection extends SectionBase {
  kind: 'chart';
  /** The ECharts option the web draws (the PDF renders it to SVG). */
  option: ChartOption;
  /** Height of the drawing in points at the PDF's content width. */
  height?: number;
  /** The same data for a native PowerPoint chart (several: one slide of small charts). */
  native: NativeChart | NativeChart[];
  /** The figures under the chart, where a reader needs them (totals, shares). */
  table?: ReportTable;
}

/** A map or treemap: a picture (no native form) always next to its data. */
export interface PictureSection extends SectionBase {
  kind: 'picture';
  option: ChartOption;
  /** A second option once the chart is laid out (labels that fit their cells). */
  relayout?: (chart: { getModel(): unknown }) => ChartOption;
  table: ReportTable;
}

export interface TableSection extends SectionBase {
  kind: 'table';
  table: ReportTable;
}

export type ReportSection = ChartSection | PictureSection | TableSection;

export interface ReportDocument {
  /** The dashboard's title ('Spend Dashboard', 'Period: RFx Q1-Q2 2025'). */
  title: string;
  organisation: string;
  /** The filters in words: [['Files', 'spend-2025.xlsx'], ['Period', 'Q1-Q2 2025']]. */
  filters: [string, string][];
  generated: Date;
  /** Headline figures, already formatted as the dashboard shows them. */
  figures: { label: string; value: string }[];
  sections: ReportSection[];
  analysis: { title: string; text: string };
  /** The file name without its extension: the dashboard and its filters. */
  fileName: string;
  paper: 'A4' | 'LETTER';
}

/** One line saying what the report covers: 'Files: a.xlsx · Period: Q1 2025'. */
export const filtersInWords = (doc: Pick<ReportDocument, 'filters'>) =>
  doc.filters.map(([label, value]) => `${label}: ${value}`).join(' · ');
