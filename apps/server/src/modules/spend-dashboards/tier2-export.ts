/**
 * The Spend Dashboard exports' Tier 2 section: the latest year prime suppliers
 * reported, per diversity type, with Tier 1 (the selected files' own diverse spend that year),
 * Tier 2 direct and Tier 2 indirect in separate columns — labelled Tier 2, never summed into
 * Tier 1. Tier 1 counts under the dashboard's counting rule; Tier 2 as the primes reported it.
 * Absent when no prime has reported.
 */
import { diversityLabel } from '@spotzcity/shared/diversity';
import { TIER2_DASHBOARD_NOTE } from '@spotzcity/shared/tier2';
import {
  COUNTING_RULE_LABELS,
  tier2RuleNote,
  type CountingRule,
} from '@spotzcity/shared/verified-diversity';
import type { DbOrTx } from '../../db/client.ts';
import type { Sheet } from '../../platform/exports.ts';
import type { TableSection } from '../../platform/reports/document.ts';
import { tier2Figures } from '../../domain/tier2-figures.ts';
import type { Scope } from './service.ts';

/** Characters of the note per sheet row: about the four columns' width. */
const NOTE_LINE_CHARS = 80;

/** Words joined into lines of at most `max` characters (a longer word stands alone). */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export async function tier2Section(
  db: DbOrTx,
  scope: Scope,
  rule: CountingRule = 'REPORTED',
): Promise<{ section: TableSection; sheet: Sheet } | null> {
  const t2 = await tier2Figures(db, scope.clientRef, {
    selectedIds: scope.selectedIds,
    countingRule: rule,
  });
  if (t2.year === null) return null;
  const note = `${TIER2_DASHBOARD_NOTE(
    t2.primes.filter((p) => p.quartersReported > 0).length,
    t2.primesInvited,
  )} ${tier2RuleNote(rule)}`;
  const tier1 = `Tier 1 ${t2.year} (${COUNTING_RULE_LABELS[rule]})`;
  const rows = [
    ...t2.rows.map((r) => ({
      diversity: diversityLabel(r.diversity),
      tier1: Number(r.tier1),
      direct: Number(r.direct),
      indirect: Number(r.indirect),
    })),
  ];
  return {
    section: {
      kind: 'table',
      title: `Tier 2 ${t2.year}: reported by prime suppliers`,
      subtitle: `Tier 1 diverse spend ${t2.year} (${COUNTING_RULE_LABELS[rule]}): ${Number(t2.tier1Diverse).toLocaleString('en-US', { style: 'currency', currency: 'USD' })} · Tier 2 direct ${Number(t2.directTotal).toLocaleString('en-US', { style: 'currency', currency: 'USD' })} · Tier 2 indirect ${Number(t2.indirectTotal).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`,
      note,
      table: {
        columns: [
          { header: 'Diversity', width: 2 },
          { header: tier1, kind: 'money', width: 2 },
          { header: 'Tier 2 direct', kind: 'money', width: 2 },
          { header: 'Tier 2 indirect', kind: 'money', width: 2 },
        ],
        rows: rows.map((r) => [r.diversity, r.tier1, r.direct, r.indirect]),
      },
    },
    sheet: {
      name: 'Tier 2',
      columns: [
        { header: 'Diversity', key: 'diversity', width: 16 },
        { header: tier1, key: 'tier1', kind: 'money', width: 18 },
        { header: 'Tier 2 direct', key: 'direct', kind: 'money', width: 18 },
        { header: 'Tier 2 indirect', key: 'indirect', kind: 'money', width: 18 },
      ],
      rows: [
        ...rows,
        { diversity: 'Note', tier1: null, direct: null, indirect: null },
        // Lines of the sheet's width, so that the note prints whole (one cell runs off the page).
        ...wrapWords(note, NOTE_LINE_CHARS).map((line) => ({
          diversity: line,
          tier1: null,
          direct: null,
          indirect: null,
        })),
      ],
    },
  };
}
